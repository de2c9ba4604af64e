/**
 * First-sight families, part 2: libraries as a program that uses them prints their failures
 * (Python tracebacks, Node stack traces), and Node tools from the project's node_modules. The
 * labelling rules are those of first-sight-cli.mjs; for these families in particular:
 * - an LLM framework's prompt template without a value for its placeholder is seed 002's
 *   CONTEXT_ERROR; structured output that is not JSON is JSON_PARSE_ERROR, JSON that fails its
 *   schema is FORMAT_VALIDATION (issue 30 names both as what these frameworks print);
 * - data checked against a schema (pydantic, jsonschema) that fails it is FORMAT_VALIDATION; a
 *   schema or model that cannot even be defined is BROKEN_BUILD;
 * - a required setting that is a credential (an API key) and is missing is AUTH_REQUIRED.
 */

const py = (family, targets) => (id, type, src, extra = {}) => ({ id: `${family}.${id}`, source: family, type, files: { 'main.py': src }, cmd: 'python3 main.py', timeoutMs: 60_000, ...(targets ? { targets } : {}), ...extra });

function pydantic() {
  const c = py('pydantic');
  const model = 'from pydantic import BaseModel, ConfigDict\n\nclass Plan(BaseModel):\n    model_config = ConfigDict(extra="forbid")\n    title: str\n    steps: list[str]\n    estimate_hours: float\n\n';
  return [
    c('missing-field', 'FORMAT_VALIDATION', `${model}Plan.model_validate_json('{"title": "Fix login", "steps": ["reproduce"]}')\n`),
    c('wrong-type', 'FORMAT_VALIDATION', `${model}Plan.model_validate_json('{"title": "Fix login", "steps": "reproduce, fix", "estimate_hours": 2}')\n`),
    c('extra-field', 'FORMAT_VALIDATION', `${model}Plan.model_validate_json('{"title": "Fix login", "steps": [], "estimate_hours": 2, "confidence": "high"}')\n`),
    c('not-json', 'JSON_PARSE_ERROR', `${model}Plan.model_validate_json('Here is the plan:\\n1. reproduce\\n2. fix')\n`),
    c('truncated-json', 'JSON_PARSE_ERROR', `${model}Plan.model_validate_json('{"title": "Fix login", "steps": ["reproduce", "fi')\n`),
    c('several', 'FORMAT_VALIDATION', `${model}Plan.model_validate({"title": None, "steps": [1, {"a": 2}], "estimate_hours": "two"})\n`),
    c('settings-api-key', 'AUTH_REQUIRED', 'from pydantic_settings import BaseSettings\n\nclass Settings(BaseSettings):\n    openai_api_key: str\n    model: str = "gpt-4o"\n\nSettings()\n'),
    c('non-annotated', 'BROKEN_BUILD', 'from pydantic import BaseModel\n\nclass Job(BaseModel):\n    name: str\n    retries = 3\n'),
    c('unknown-type', 'BROKEN_BUILD', 'from pydantic import BaseModel\nimport threading\n\nclass Worker(BaseModel):\n    lock: threading.Lock\n'),
    c('validator', 'FORMAT_VALIDATION', 'from pydantic import BaseModel, field_validator\n\nclass Patch(BaseModel):\n    diff: str\n\n    @field_validator("diff")\n    @classmethod\n    def unified(cls, v):\n        if not v.startswith("--- "):\n            raise ValueError("output is not a unified diff")\n        return v\n\nPatch(diff="I changed the port to 9090.")\n'),
  ];
}

function jsonschema() {
  const c = py('jsonschema');
  const schema = 'schema = {"type": "object", "required": ["name", "replicas"], "additionalProperties": False, "properties": {"name": {"type": "string", "pattern": "^[a-z-]+$"}, "replicas": {"type": "integer", "minimum": 1}, "tier": {"enum": ["web", "worker"]}}}\n';
  const v = (doc) => `import jsonschema\n${schema}jsonschema.validate(${doc}, schema)\n`;
  return [
    c('required', 'FORMAT_VALIDATION', v('{"name": "api"}')),
    c('type', 'FORMAT_VALIDATION', v('{"name": "api", "replicas": "3"}')),
    c('enum', 'FORMAT_VALIDATION', v('{"name": "api", "replicas": 2, "tier": "batch"}')),
    c('additional', 'FORMAT_VALIDATION', v('{"name": "api", "replicas": 2, "image": "api:1"}')),
    c('pattern', 'FORMAT_VALIDATION', v('{"name": "API_Server", "replicas": 2}')),
    c('minimum', 'FORMAT_VALIDATION', v('{"name": "api", "replicas": 0}')),
    c('schema-error', 'BROKEN_BUILD', 'import jsonschema\njsonschema.validate({"a": 1}, {"type": "object", "properties": {"a": {"type": "integr"}}})\n'),
    c('unresolvable-ref', 'BROKEN_BUILD', 'import jsonschema\njsonschema.validate({"a": 1}, {"type": "object", "properties": {"a": {"$ref": "#/definitions/port"}}})\n'),
    c('iter-errors', 'FORMAT_VALIDATION', `import jsonschema, sys\n${schema}errors = list(jsonschema.Draft202012Validator(schema).iter_errors({"replicas": -1, "tier": "db"}))\nfor e in errors:\n    print(f"{'/'.join(map(str, e.absolute_path)) or '<root>'}: {e.message}", file=sys.stderr)\nsys.exit(1 if errors else 0)\n`),
  ];
}

function numpy() {
  const c = py('numpy');
  return [
    c('alloc', 'RESOURCE_EXHAUSTION', 'import numpy as np\nembeddings = np.zeros((2_000_000, 1_000_000), dtype=np.float32)\n'),
    c('shape', 'CLI_CRASH', 'import numpy as np\na = np.ones((3, 4))\nb = np.ones((5, 4))\nprint(a + b)\n'),
    c('matmul', 'CLI_CRASH', 'import numpy as np\nprint(np.ones((3, 4)) @ np.ones((3, 4)))\n'),
    c('singular', 'CLI_CRASH', 'import numpy as np\nprint(np.linalg.inv(np.array([[1.0, 2.0], [2.0, 4.0]])))\n'),
    c('axis', 'CLI_CRASH', 'import numpy as np\nprint(np.ones(3).sum(axis=1))\n'),
    c('reshape', 'CLI_CRASH', 'import numpy as np\nprint(np.arange(10).reshape(3, 3))\n'),
    c('loadtxt', 'CLI_CRASH', 'import numpy as np, io\nnp.loadtxt(io.StringIO("1,2,3\\n4,five,6\\n"), delimiter=",")\n'),
    c('load-missing', 'ERROR_RESPONSE', 'import numpy as np\nweights = np.load("models/weights-v3.npy")\n'),
    c('errstate', 'CLI_CRASH', 'import numpy as np\nnp.seterr(all="raise")\nprint(np.array([1.0]) / np.array([0.0]))\n'),
    c('memmap', 'RESOURCE_EXHAUSTION', 'import numpy as np\nnp.memmap("/dev/full", dtype=np.uint8, mode="w+", shape=(1,))\n'),
  ];
}

/** Partly seen: the trust pack names requests' SSLError. */
function requests() {
  const c = py('requests', 'trust (requests SSLError)');
  const get = (extra = '') => `import os, requests\nr = requests.get(os.environ.get("URL", "") + "/v1/jobs", timeout=3${extra})\nr.raise_for_status()\n`;
  return [
    c('refused', 'NETWORK', 'import requests\nrequests.get("http://127.0.0.1:1/v1/jobs", timeout=3)\n'),
    c('dns', 'NETWORK', 'import requests\nrequests.get("https://api.no-such-host.invalid/v1/jobs", timeout=3)\n'),
    c('read-timeout', 'TIMEOUT', get().replace('timeout=3', 'timeout=1'), { http: { status: 'sleep' } }),
    c('401', 'AUTH_REQUIRED', get(), { http: { status: 401, body: '{"detail":"Invalid token"}' } }),
    c('403', 'AUTH_REQUIRED', get(), { http: { status: 403, body: '{"detail":"Forbidden"}' } }),
    c('404', 'ERROR_RESPONSE', get(), { http: { status: 404, body: '{"detail":"Not found"}' } }),
    c('429', 'RATE_LIMIT', get(), { http: { status: 429, body: '{"detail":"Too many requests"}' } }),
    c('500', 'SERVER_ERROR', get(), { http: { status: 500, body: '' } }),
    c('502', 'SERVER_ERROR', get(), { http: { status: 502, body: '' } }),
    c('503', 'SERVER_OVERLOADED', get(), { http: { status: 503, body: '' } }),
    c('self-signed', 'CERTIFICATE_ERROR', get(), { http: { status: 200, tls: 'valid' } }),
    c('wrong-host', 'CERTIFICATE_ERROR', get(', verify=os.environ["CERTS"] + "/wrong-host.pem"'), { http: { status: 200, tls: 'wrong-host' } }),
    c('json', 'JSON_PARSE_ERROR', 'import os, requests\nprint(requests.get(os.environ["URL"] + "/v1/jobs", timeout=3).json())\n', { http: { status: 200, body: '<html><body>Service temporarily down for maintenance</body></html>' } }),
  ];
}

/** @langchain/core as a program that uses it prints its errors (node, ESM). */
function langchain() {
  const c = (id, type, src) => ({ id: `langchain.${id}`, source: 'langchain', type, files: { 'main.mjs': src }, cmd: 'ln -s "$NODE_MODULES" node_modules && node main.mjs', origin: 'node main.mjs (@langchain/core 1.4)', timeoutMs: 60_000 });
  const parse = (parser, text) => `import { ${parser} } from '@langchain/core/output_parsers';\nawait new ${parser}().parse(${JSON.stringify(text)});\n`;
  return [
    c('missing-variable', 'CONTEXT_ERROR', "import { PromptTemplate } from '@langchain/core/prompts';\nconst prompt = PromptTemplate.fromTemplate('Summarise {document} for {audience}');\nconsole.log(await prompt.format({ document: 'release notes' }));\n"),
    c('chat-missing-variable', 'CONTEXT_ERROR', "import { ChatPromptTemplate } from '@langchain/core/prompts';\nconst prompt = ChatPromptTemplate.fromMessages([['system', 'You review {language} code.'], ['human', '{diff}']]);\nconsole.log(await prompt.invoke({ diff: '--- a/x' }));\n"),
    c('bad-template', 'CONTEXT_ERROR', "import { PromptTemplate } from '@langchain/core/prompts';\nconst prompt = PromptTemplate.fromTemplate('Return JSON like {\"fix\": {fix}}');\nconsole.log(await prompt.format({ fix: 'x' }));\n"),
    c('messages-placeholder', 'CONTEXT_ERROR', "import { ChatPromptTemplate, MessagesPlaceholder } from '@langchain/core/prompts';\nconst prompt = ChatPromptTemplate.fromMessages([['system', 'You are a helper.'], new MessagesPlaceholder('history'), ['human', '{input}']]);\nconsole.log(await prompt.invoke({ input: 'hi' }));\n"),
    c('json-parser', 'JSON_PARSE_ERROR', parse('JsonOutputParser', 'Sure! Here is the fix you asked for: change the port to 9090.')),
    c('json-parser-truncated', 'JSON_PARSE_ERROR', parse('JsonOutputParser', '```json\n{"fix": "change the port", "files": ["src/config.py"')),
    c('structured-schema', 'FORMAT_VALIDATION', "import { StructuredOutputParser } from '@langchain/core/output_parsers';\nimport { z } from 'zod';\nconst parser = StructuredOutputParser.fromZodSchema(z.object({ fix: z.string(), confidence: z.number() }));\nawait parser.parse('```json\\n{\"fix\": \"change the port\", \"confidence\": \"high\"}\\n```');\n"),
    c('structured-not-json', 'JSON_PARSE_ERROR', "import { StructuredOutputParser } from '@langchain/core/output_parsers';\nimport { z } from 'zod';\nconst parser = StructuredOutputParser.fromZodSchema(z.object({ fix: z.string() }));\nawait parser.parse('I would change the port to 9090.');\n"),
    c('tool-schema', 'FORMAT_VALIDATION', "import { tool } from '@langchain/core/tools';\nimport { z } from 'zod';\nconst readFile = tool(async ({ path }) => path, { name: 'read_file', description: 'read a file', schema: z.object({ path: z.string(), maxBytes: z.number() }) });\nconsole.log(await readFile.invoke({ path: 'src/index.ts', maxBytes: 'all' }));\n"),
  ];
}

/** The `yaml` package's CLI (node_modules/.bin/yaml): configuration files that do not parse. */
function yaml() {
  const c = (id, type, text, cmd = 'node "$NODE_MODULES/yaml/bin.mjs" valid < config.yml') => ({ id: `yaml.${id}`, source: 'yaml', type, files: { 'config.yml': text }, cmd, origin: cmd.replace('"$NODE_MODULES/yaml/bin.mjs"', 'node_modules/yaml/bin.mjs'), timeoutMs: 60_000 });
  return [
    c('bad-indent', 'BROKEN_BUILD', 'server:\n  port: 80\n   host: example.com\n'),
    c('duplicate-key', 'BROKEN_BUILD', 'server:\n  port: 80\n  port: 8080\n'),
    c('tab', 'BROKEN_BUILD', 'server:\n\tport: 80\n'),
    c('unclosed-quote', 'BROKEN_BUILD', 'name: "api\nport: 80\n'),
    c('unclosed-flow', 'BROKEN_BUILD', 'ports: [80, 443\nname: api\n'),
    c('bad-alias', 'BROKEN_BUILD', 'defaults: &defaults\n  port: 80\nserver:\n  <<: *default\n'),
    c('mapping-in-sequence', 'BROKEN_BUILD', 'steps:\n  - run: make\n  name: build\n'),
    c('colon-in-value', 'BROKEN_BUILD', 'command: echo a: b: c\nurl: http://x\n'),
  ];
}

/** playwright-core driving the machine's Chromium (headless): what a browser test's setup prints. */
function playwright() {
  const c = (id, type, body, extra = {}) => ({ id: `playwright.${id}`, source: 'playwright', type, files: { 'main.mjs': `import { chromium } from 'playwright-core';\nconst browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });\ntry {\n  const page = await browser.newPage();\n${body}\n} finally {\n  await browser.close();\n}\n` }, cmd: 'ln -s "$NODE_MODULES" node_modules && node main.mjs', origin: 'node main.mjs (playwright-core, chromium headless)', timeoutMs: 120_000, needs: () => true, ...extra });
  return [
    // a free port, not 1: Chromium refuses port 1 itself (ERR_UNSAFE_PORT) without connecting
    c('refused', 'NETWORK', "  await page.goto(`http://127.0.0.1:${process.env.PORT}/login`);", { cmd: `export PORT=$(python3 -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])") && ln -s "$NODE_MODULES" node_modules && node main.mjs` }),
    c('dns', 'NETWORK', "  await page.goto('https://app.no-such-host.invalid/login');"),
    c('goto-timeout', 'TIMEOUT', "  await page.goto(process.env.URL + '/login', { timeout: 2000 });", { http: { status: 'sleep' } }),
    c('cert', 'CERTIFICATE_ERROR', "  await page.goto(process.env.URL + '/login');", { http: { status: 200, tls: 'valid' } }),
    c('selector-timeout', 'TIMEOUT', "  await page.setContent('<form><input name=user></form>');\n  await page.click('button[type=submit]', { timeout: 1500 });"),
    c('evaluate-error', 'CLI_CRASH', "  await page.setContent('<div id=app></div>');\n  await page.evaluate(() => document.querySelector('#root').dataset.ready);"),
    c('no-browser', 'CLI_NOT_FOUND', '', { env: { CHROMIUM: '/opt/chrome-linux/chrome' } }),
    c('wait-function', 'TIMEOUT', "  await page.setContent('<div id=app></div>');\n  await page.waitForFunction(() => window.appReady === true, null, { timeout: 1500 });"),
  ];
}

export function firstSightLibCases() {
  return [...pydantic(), ...jsonschema(), ...numpy(), ...requests(), ...langchain(), ...yaml(), ...playwright()];
}
