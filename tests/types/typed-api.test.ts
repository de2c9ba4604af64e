/**
 * The public API's types refuse what the runtime would ignore or reject (issue #32): a misspelt
 * decision, a misspelt policy field. This file is type-checked by `npm run typecheck` (tsconfig
 * includes tests/): each `@ts-expect-error` line is an error there, or the check fails because
 * the directive is unused. Vitest then runs the same calls to show what each one does at runtime.
 */
import { createActor, sendTo, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createRecovery, decide, PolicyError, recover, recoveryInput, recoveryMachine, resolvePolicy, TaskFailure, whenResting, type DecideEvent } from '../../src/index.js';

describe('DECIDE', () => {
  it('a misspelt choice does not compile, through decide(), satisfies or the machine actor', () => {
    // @ts-expect-error 'skp' is not a decision
    expect(() => decide('skp')).not.toThrow();
    // @ts-expect-error 'skp' is not a decision
    const inline = { type: 'DECIDE', choice: 'skp' } satisfies DecideEvent;
    // A string-target sendTo is unchecked by xstate itself; built with decide(), the event is checked.
    const parent = setup({ actions: { skip: sendTo('step', decide('skip')) } }).createMachine({});
    const actor = createActor(recoveryMachine, { input: recoveryInput({ runId: 'typed-1', name: 'typed' }) });
    // @ts-expect-error 'skp' is not a decision
    const send = () => actor.send({ type: 'DECIDE', choice: 'skp' });
    expect([inline.choice, typeof parent, typeof send]).toEqual(['skp', 'object', 'function']);
  });

  it('retry-with, as the CLI and README write it, is retry-with-modifications: guidance reaches the task at level clarify', async () => {
    const seen: Array<string | null> = [];
    const actor = createRecovery({
      task: (ctx) => { seen.push(ctx.guidance); if (!ctx.guidance) throw new Error('401 Unauthorized'); },
    });
    expect((await whenResting(actor)).status).toBe('escalated');
    actor.send(decide('retry-with', 'use the service token'));
    const outcome = await whenResting(actor);
    actor.stop();
    expect(outcome).toMatchObject({ status: 'recovered', level: 'clarify' });
    expect(seen).toEqual([null, 'use the service token']);
    // Recorded in the library's spelling, whichever the sender used.
    expect(outcome.history.find((e) => e.phase === 'DECISION')?.message).toBe('retry-with-modifications: use the service token');
  });
});

describe('TaskFailure', () => {
  it('takes the message alone, as the README shows it; the message is the observation', async () => {
    const outcome = await recover(() => { throw new TaskFailure('429 Too Many Requests'); }, { policy: { types: { RATE_LIMIT: { budget: 0 } } } });
    expect(outcome.classification?.type).toBe('RATE_LIMIT');
    expect(new TaskFailure('boom').observation).toEqual({ message: 'boom' });
  });
});

describe('resolvePolicy', () => {
  it('a misspelt field does not compile, and untyped input is still validated at runtime', () => {
    // @ts-expect-error `budgt` is not a policy field
    expect(() => resolvePolicy({ budgt: 3 })).toThrow(PolicyError);
    const fromYaml: unknown = { budget: 'three' };
    expect(() => resolvePolicy(fromYaml as never)).toThrow('budget must be an integer');
    expect(resolvePolicy({ budget: 4 }).types.NETWORK.budget).toBe(4);
  });
});
