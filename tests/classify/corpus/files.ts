/**
 * The corpus's data files as modules, for the build: a compiled corpus module (the benchmark
 * imports one, `bench/classify.bench.ts`) reads its JSON next to itself, and the TypeScript
 * compiler copies a JSON file to the output only when some module imports it. The benchmark
 * imports these types, so `npm run build` puts the files where the compiled corpus reads them.
 */
import firstSightRecord from './first-sight-record.json' with { type: 'json' };
import firstSight from './first-sight.json' with { type: 'json' };
import generated from './generated.json' with { type: 'json' };

/** The corpus's data files, as the compiler reads them (their types only matter to the build). */
export type CorpusFiles = [typeof generated, typeof firstSight, typeof firstSightRecord];
