/**
 * First-sight families, part 1: command-line tools that no rule pack named when these were
 * captured (issue 30). Each case's `type` was written here, by DESIGN.md's rules, before the
 * classifier was asked about the text. How the rules were read for tools the taxonomy does not
 * mention, kept the same as the existing corpus does:
 * - code or configuration that does not parse, compile or resolve (a missing module, provider or
 *   build input included) is BROKEN_BUILD; a program's uncaught run-time error is CLI_CRASH;
 * - a request the tool refuses as given (a missing file, a wrong argument, a conflict, a 404) is
 *   ERROR_RESPONSE: adapt, nothing to wait for; data that should be JSON and is not is
 *   JSON_PARSE_ERROR; a patch that does not apply is DIFF_PARSE_ERROR;
 * - failed tests and assertions are VERIFICATION_FAILED; a lint or format check is QUALITY_GATE_FAIL;
 * - the cause outranks the wrapper (issue 30): a refused connection inside a build step is
 *   NETWORK, a full disk is RESOURCE_EXHAUSTION, a missing program is CLI_NOT_FOUND, a rejected
 *   or missing credential AUTH_REQUIRED (AUTH_EXPIRED when it says it expired), a held lock
 *   RESOURCE_BUSY, a certificate or signature that cannot be trusted CERTIFICATE_ERROR (a person
 *   must fix trust; the type's meaning, not only TLS);
 * - HTTP statuses as the corpus reads them: 401/403 AUTH_REQUIRED, 404 ERROR_RESPONSE, 429
 *   RATE_LIMIT, 500/502 SERVER_ERROR, 503 SERVER_OVERLOADED.
 * `targets` names a pack that names the tool or some of its messages (a partly seen family: its
 * score is reported apart from the unseen ones).
 */

/** An empty CLI configuration (the machine's variable names a file that is not there, and terraform warns on every run). */
const tf = (files) => ({ ...files, 'rc.tfrc': '' });
const TF_DATA = 'resource "terraform_data" "app" {\n  input = "v1"\n}\n';

function terraform() {
  const c = (id, type, files, cmd, extra = {}) => ({ id: `terraform.${id}`, source: 'terraform', type, files: tf(files), cmd: `export TF_CLI_CONFIG_FILE=$PWD/rc.tfrc; ${cmd}`, origin: cmd, env: { TF_IN_AUTOMATION: '1', CHECKPOINT_DISABLE: '1' }, ...extra });
  return [
    c('unclosed-block', 'BROKEN_BUILD', { 'main.tf': 'resource "terraform_data" "app" {\n  input = "v1"\n' }, 'terraform init -input=false -no-color && terraform validate -no-color'),
    c('undeclared-variable', 'BROKEN_BUILD', { 'main.tf': 'resource "terraform_data" "app" {\n  input = var.image_tag\n}\n' }, 'terraform init -input=false -no-color && terraform validate -no-color'),
    c('unsupported-argument', 'BROKEN_BUILD', { 'main.tf': 'resource "terraform_data" "app" {\n  input   = "v1"\n  replicas = 3\n}\n' }, 'terraform init -input=false -no-color && terraform validate -no-color'),
    c('cycle', 'BROKEN_BUILD', { 'main.tf': 'resource "terraform_data" "a" {\n  input = terraform_data.b.output\n}\nresource "terraform_data" "b" {\n  input = terraform_data.a.output\n}\n' }, 'terraform init -input=false -no-color && terraform validate -no-color'),
    c('missing-file', 'BROKEN_BUILD', { 'main.tf': 'resource "terraform_data" "app" {\n  input = file("${path.module}/templates/user-data.sh")\n}\n' }, 'terraform init -input=false -no-color && terraform plan -input=false -no-color'),
    c('required-variable', 'ERROR_RESPONSE', { 'main.tf': `variable "environment" {\n  type = string\n}\n${TF_DATA}` }, 'terraform init -input=false -no-color && terraform plan -input=false -no-color'),
    c('not-initialized', 'BROKEN_BUILD', { 'main.tf': 'terraform {\n  required_providers {\n    random = { source = "hashicorp/random" }\n  }\n}\nresource "random_pet" "name" {}\n' }, 'terraform plan -input=false -no-color'),
    c('registry-dns', 'NETWORK', { 'main.tf': 'terraform {\n  required_providers {\n    aws = { source = "hashicorp/aws", version = "~> 5.0" }\n  }\n}\n' }, 'terraform init -input=false -no-color', { timeoutMs: 180_000 }),
    c('backend-refused', 'NETWORK', { 'main.tf': `terraform {\n  backend "http" {\n    address = "http://127.0.0.1:1/state/app"\n  }\n}\n${TF_DATA}` }, 'terraform init -input=false -no-color'),
    c('precondition', 'VERIFICATION_FAILED', { 'main.tf': 'variable "replicas" {\n  default = 1\n}\nresource "terraform_data" "app" {\n  input = var.replicas\n  lifecycle {\n    precondition {\n      condition     = var.replicas >= 2\n      error_message = "Production needs at least 2 replicas."\n    }\n  }\n}\n' }, 'terraform init -input=false -no-color && terraform plan -input=false -no-color'),
    c('variable-validation', 'VERIFICATION_FAILED', { 'main.tf': `variable "region" {\n  type    = string\n  validation {\n    condition     = can(regex("^eu-", var.region))\n    error_message = "The region must be an EU region."\n  }\n}\n${TF_DATA}` }, 'terraform init -input=false -no-color && terraform plan -input=false -no-color -var region=us-east-1'),
    c('test-assert', 'VERIFICATION_FAILED', { 'main.tf': 'variable "name" {\n  default = "api"\n}\noutput "bucket" {\n  value = "${var.name}-logs"\n}\n', 'tests/naming.tftest.hcl': 'run "bucket_name" {\n  command = plan\n  assert {\n    condition     = output.bucket == "api-logs-prod"\n    error_message = "bucket name must end with the environment"\n  }\n}\n' }, 'terraform init -input=false -no-color && terraform test -no-color'),
    c('fmt-check', 'QUALITY_GATE_FAIL', { 'main.tf': 'resource "terraform_data" "app" {\ninput="v1"\n    triggers_replace=["a"]\n}\n' }, 'terraform fmt -check -diff -no-color'),
    c('state-locked', 'RESOURCE_BUSY', { 'main.tf': 'resource "terraform_data" "slow" {\n  provisioner "local-exec" {\n    command = "sleep 20"\n  }\n}\n' }, 'terraform init -input=false -no-color >/dev/null && (terraform apply -auto-approve -input=false -no-color >/dev/null 2>&1 &) && sleep 8 && terraform plan -input=false -no-color -lock-timeout=0s', { timeoutMs: 180_000 }),
    c('local-exec-refused', 'NETWORK', { 'main.tf': 'resource "terraform_data" "deploy" {\n  provisioner "local-exec" {\n    command = "curl -sS --fail http://127.0.0.1:1/hooks/deploy"\n  }\n}\n' }, 'terraform init -input=false -no-color >/dev/null && terraform apply -auto-approve -input=false -no-color'),
  ];
}

const CFN_HEAD = 'AWSTemplateFormatVersion: "2010-09-09"\n';
function cfnLint() {
  const c = (id, type, template, cmd = 'cfn-lint template.yaml') => ({ id: `cfn-lint.${id}`, source: 'cfn-lint', type, files: { 'template.yaml': template }, cmd });
  return [
    c('yaml-syntax', 'BROKEN_BUILD', `${CFN_HEAD}Resources:\n  Bucket:\n    Type: AWS::S3::Bucket\n     Properties:\n      BucketName: logs\n`),
    c('duplicate-key', 'BROKEN_BUILD', `${CFN_HEAD}Resources:\n  Bucket:\n    Type: AWS::S3::Bucket\n  Bucket:\n    Type: AWS::SQS::Queue\n`),
    c('unknown-type', 'QUALITY_GATE_FAIL', `${CFN_HEAD}Resources:\n  Bucket:\n    Type: AWS::S3::Buckett\n`),
    c('missing-property', 'QUALITY_GATE_FAIL', `${CFN_HEAD}Resources:\n  Fn:\n    Type: AWS::Lambda::Function\n    Properties:\n      Runtime: python3.12\n      Handler: app.handler\n      Code:\n        ZipFile: "def handler(e, c): return 1"\n`),
    c('bad-property', 'QUALITY_GATE_FAIL', `${CFN_HEAD}Resources:\n  Queue:\n    Type: AWS::SQS::Queue\n    Properties:\n      VisibilityTimeoutSeconds: 30\n`),
    c('bad-ref', 'QUALITY_GATE_FAIL', `${CFN_HEAD}Resources:\n  Topic:\n    Type: AWS::SNS::Topic\n    Properties:\n      KmsMasterKeyId: !Ref AppKey\n`),
    c('bad-getatt', 'QUALITY_GATE_FAIL', `${CFN_HEAD}Resources:\n  Bucket:\n    Type: AWS::S3::Bucket\nOutputs:\n  Url:\n    Value: !GetAtt Bucket.Endpoint\n`),
    c('unused-parameter', 'QUALITY_GATE_FAIL', `${CFN_HEAD}Parameters:\n  Stage:\n    Type: String\nResources:\n  Bucket:\n    Type: AWS::S3::Bucket\n`),
    c('bad-value-type', 'QUALITY_GATE_FAIL', `${CFN_HEAD}Resources:\n  Queue:\n    Type: AWS::SQS::Queue\n    Properties:\n      DelaySeconds: soon\n`),
    c('no-resources', 'QUALITY_GATE_FAIL', `${CFN_HEAD}Description: nothing here\n`),
    c('missing-template', 'ERROR_RESPONSE', `${CFN_HEAD}Resources: {}\n`, 'cfn-lint templates/network.yaml'),
  ];
}

function jq() {
  const c = (id, type, cmd, files = {}) => ({ id: `jq.${id}`, source: 'jq', type, files, cmd });
  return [
    c('html-input', 'JSON_PARSE_ERROR', "printf '<html><body><h1>502 Bad Gateway</h1></body></html>\\n' | jq -r .items"),
    c('truncated', 'JSON_PARSE_ERROR', `printf '{"items": [{"id": 1}, {"id": 2' | jq '.items | length'`),
    c('single-quotes', 'JSON_PARSE_ERROR', "jq . config.json", { 'config.json': "{'name': 'api', 'replicas': 2}\n" }),
    c('argjson', 'JSON_PARSE_ERROR', "jq -n --argjson limits '{cpu: 2}' '$limits'"),
    c('filter-syntax', 'BROKEN_BUILD', "echo '{\"a\":1}' | jq '.items[] | select(.state == \"open\"'"),
    c('undefined-function', 'BROKEN_BUILD', "echo '[1,2]' | jq 'map(tostr)'"),
    c('index-string', 'CLI_CRASH', `echo '{"user": "alice"}' | jq '.user.name'`),
    c('iterate-null', 'CLI_CRASH', `echo '{"data": null}' | jq '.data[] | .id'`),
    c('missing-file', 'ERROR_RESPONSE', 'jq .version package-lock.json'),
    c('error-call', 'VERIFICATION_FAILED', `echo '{"status": "degraded", "checks": 3}' | jq -e 'if .status != "ok" then error("health check failed: status \\(.status)") else . end'`),
    c('exit-status', 'VERIFICATION_FAILED', `echo '{"ready": false}' | jq -e .ready`),
    c('add-types', 'CLI_CRASH', `echo '{"count": 2, "suffix": "x"}' | jq '.count + .suffix'`),
  ];
}

function yq() {
  const c = (id, type, cmd, files = {}) => ({ id: `yq.${id}`, source: 'yq', type, files, cmd });
  return [
    c('bad-indent', 'BROKEN_BUILD', 'yq .services docker-compose.yml', { 'docker-compose.yml': 'services:\n  api:\n    image: api:1\n   ports:\n    - "80:80"\n' }),
    c('tab', 'BROKEN_BUILD', 'yq .jobs ci.yml', { 'ci.yml': 'jobs:\n\tbuild:\n\t\truns-on: ubuntu-latest\n' }),
    c('unclosed-quote', 'BROKEN_BUILD', 'yq .name values.yaml', { 'values.yaml': 'name: "api\nreplicas: 2\n' }),
    c('filter-syntax', 'BROKEN_BUILD', "yq '.spec.containers[ | .image' deploy.yaml", { 'deploy.yaml': 'spec:\n  containers: []\n' }),
    c('index-string', 'CLI_CRASH', 'yq .image.tag values.yaml', { 'values.yaml': 'image: api:1.2\n' }),
    c('missing-file', 'ERROR_RESPONSE', 'yq .version chart/Chart.yaml'),
    c('exit-status', 'VERIFICATION_FAILED', 'yq -e .spec.replicas deploy.yaml', { 'deploy.yaml': 'spec:\n  replicas: null\n' }),
    c('mapping-in-sequence', 'BROKEN_BUILD', 'yq .steps pipeline.yml', { 'pipeline.yml': 'steps:\n  - run: make\n  name: build\n' }),
  ];
}

/** gpg in a scratch home, batch mode, no agent prompts: what a CI job sees. */
const GPG_INIT = 'export GNUPGHOME=$PWD/gnupg; mkdir -m 700 gnupg; echo allow-loopback-pinentry > gnupg/gpg-agent.conf';
const GPG_KEY = (name, extra = '') => `gpg --batch --pinentry-mode loopback --passphrase '' --quick-gen-key '${name}' ed25519 sign ${extra} 2>/dev/null`;
function gpg() {
  // the agent each case starts is stopped with it, keeping the case's exit status
  const c = (id, type, cmd, files = {}) => ({ id: `gpg.${id}`, source: 'gpg', type, files, cmd: `${GPG_INIT}; ${cmd}; rc=$?; gpgconf --kill gpg-agent; exit $rc`, origin: cmd });
  return [
    c('no-secret-key', 'AUTH_REQUIRED', "echo secret > s.txt && gpg --batch --pinentry-mode loopback --passphrase '' --quick-gen-key 'ops <ops@example.com>' default default never 2>/dev/null && gpg --batch --yes -r ops@example.com -o s.gpg -e s.txt 2>/dev/null && gpg --batch --yes --delete-secret-keys $(gpg --list-secret-keys --with-colons | awk -F: '/^fpr/{print $10; exit}') && gpg --batch -d s.gpg"),
    c('bad-passphrase', 'AUTH_REQUIRED', `gpg --batch --pinentry-mode loopback --passphrase right --quick-gen-key 'release <release@example.com>' ed25519 sign 2>/dev/null && echo data > f && gpg --batch --pinentry-mode loopback --passphrase wrong --detach-sign f`),
    c('no-pinentry', 'AUTH_REQUIRED', `gpg --batch --pinentry-mode loopback --passphrase right --quick-gen-key 'release <release@example.com>' ed25519 sign 2>/dev/null && echo data > f && gpg --batch --pinentry-mode error --detach-sign f`),
    c('no-public-key', 'CERTIFICATE_ERROR', `${GPG_KEY('builder <builder@example.com>')} && echo artifact > a.tar && gpg --batch --detach-sign a.tar && rm -rf gnupg/pubring.kbx gnupg/private-keys-v1.d gnupg/trustdb.gpg && gpg --batch --verify a.tar.sig a.tar`),
    c('bad-signature', 'CERTIFICATE_ERROR', `${GPG_KEY('builder <builder@example.com>')} && echo artifact > a.tar && gpg --batch --detach-sign a.tar && echo tampered >> a.tar && gpg --batch --verify a.tar.sig a.tar`),
    // the key has expired, but gpg says only "Unusable secret key": labelled by what the text tells a person
    c('expired-key', 'AUTH_REQUIRED', `${GPG_KEY('short <short@example.com>', 'seconds=1')} && sleep 3 && echo data > f && gpg --batch --pinentry-mode loopback --passphrase '' -u short@example.com --detach-sign f`),
    c('unknown-recipient', 'ERROR_RESPONSE', 'echo secret > s.txt && gpg --batch --auto-key-locate local -r deploy@example.com -e s.txt'),
    c('not-openpgp', 'ERROR_RESPONSE', 'echo "-----BEGIN CERTIFICATE-----" > key.asc && gpg --batch --import key.asc'),
    c('missing-file', 'ERROR_RESPONSE', 'gpg --batch --verify release.tar.gz.asc release.tar.gz'),
    c('keyserver-refused', 'NETWORK', 'gpg --batch --keyserver hkp://127.0.0.1:1 --recv-keys 0x3B4FE6ACC0B21F32', {}),
  ];
}

function tar() {
  const c = (id, type, cmd, files = {}) => ({ id: `tar.${id}`, source: 'tar', type, files, cmd });
  return [
    c('missing-archive', 'ERROR_RESPONSE', 'tar -xzf dist/app-1.4.2.tar.gz'),
    c('not-gzip', 'ERROR_RESPONSE', 'echo "<html>404 Not Found</html>" > app.tar.gz && tar -xzf app.tar.gz'),
    c('truncated', 'ERROR_RESPONSE', 'mkdir d && head -c 200000 /dev/urandom > d/blob && tar -czf full.tgz d && head -c 50000 full.tgz > part.tgz && tar -xzf part.tgz'),
    c('member-missing', 'ERROR_RESPONSE', 'mkdir d && echo x > d/a && tar -cf a.tar d && tar -xf a.tar d/config.yml'),
    c('cannot-stat', 'ERROR_RESPONSE', 'tar -czf backup.tgz data/ uploads/'),
    c('program-missing', 'CLI_NOT_FOUND', 'mkdir d && echo x > d/a && tar --use-compress-program=pigz-not-installed -cf a.tgz d'),
    c('disk-full', 'RESOURCE_EXHAUSTION', 'mkdir d && head -c 100000 /dev/urandom > d/blob && tar -cf /dev/full d'),
    c('not-tar', 'ERROR_RESPONSE', 'echo "just text" > notes.tar && tar -tf notes.tar'),
  ];
}

function unzip() {
  const c = (id, type, cmd, files = {}) => ({ id: `unzip.${id}`, source: 'unzip', type, files, cmd });
  return [
    c('missing', 'ERROR_RESPONSE', 'unzip -q artifacts/site.zip'),
    c('not-zip', 'ERROR_RESPONSE', 'echo "<html>Forbidden</html>" > site.zip && unzip -q site.zip'),
    c('bad-crc', 'DATA_CORRUPTION', "mkdir d && head -c 5000 /dev/zero > d/data.bin && zip -q -0 a.zip d/data.bin && printf 'X' | dd of=a.zip bs=1 seek=200 conv=notrunc 2>/dev/null && unzip -o -q a.zip"),
    c('wrong-password', 'AUTH_REQUIRED', 'echo secret > s.txt && zip -q -P right s.zip s.txt && rm s.txt && unzip -P wrong s.zip'),
    c('member-missing', 'ERROR_RESPONSE', 'echo x > a && zip -q a.zip a && unzip -q a.zip config/app.yml'),
    c('not-a-dir', 'ERROR_RESPONSE', 'echo x > a && zip -q a.zip a && echo file > out && unzip -q a.zip -d out'),
    c('zip-nothing', 'ERROR_RESPONSE', 'zip -r release.zip build/'),
    c('zip-test', 'DATA_CORRUPTION', "mkdir d && head -c 5000 /dev/zero > d/data.bin && zip -q -0 a.zip d/data.bin && printf 'X' | dd of=a.zip bs=1 seek=200 conv=notrunc 2>/dev/null && zip -T a.zip"),
  ];
}

function compressors() {
  const c = (id, type, cmd, files = {}) => ({ id: `compressors.${id}`, source: 'compressors', type, files, cmd });
  return [
    c('gzip-not-gzip', 'ERROR_RESPONSE', 'echo plain > dump.sql.gz && gzip -d dump.sql.gz'),
    c('gzip-truncated', 'ERROR_RESPONSE', 'head -c 100000 /dev/urandom > dump.sql && gzip dump.sql && head -c 3000 dump.sql.gz > t.gz && gzip -t t.gz'),
    c('gzip-missing', 'ERROR_RESPONSE', 'gzip -d backups/db-2026-11-26.sql.gz'),
    c('xz-format', 'ERROR_RESPONSE', 'echo plain > rootfs.tar.xz && xz -d rootfs.tar.xz'),
    c('xz-corrupt', 'ERROR_RESPONSE', "head -c 100000 /dev/urandom > f && xz f && printf 'XXXX' | dd of=f.xz bs=1 seek=500 conv=notrunc 2>/dev/null && xz -t f.xz"),
    c('bzip2-not', 'ERROR_RESPONSE', 'echo plain > data.bz2 && bzip2 -d data.bz2'),
    c('zstd-truncated', 'ERROR_RESPONSE', 'head -c 100000 /dev/urandom > f && zstd -q f && head -c 3000 f.zst > t.zst && zstd -t t.zst'),
    c('gzip-disk-full', 'RESOURCE_EXHAUSTION', 'head -c 100000 /dev/urandom > f && gzip -c f > /dev/full'),
    c('xz-memlimit', 'RESOURCE_EXHAUSTION', 'head -c 100000 /dev/urandom > f && xz -9e -c f > f.xz && xz -d --memlimit=1MiB -c f.xz > /dev/null'),
  ];
}

function wget() {
  const c = (id, type, cmd, http, extra = {}) => ({ id: `wget.${id}`, source: 'wget', type, cmd, http, timeoutMs: 30_000, ...extra });
  const get = 'wget --tries=1 -O out "$URL/releases/app.tar.gz"';
  return [
    c('404', 'ERROR_RESPONSE', get, { status: 404 }),
    c('401', 'AUTH_REQUIRED', get, { status: 401, headers: ['www-authenticate:Basic realm="releases"'] }),
    c('403', 'AUTH_REQUIRED', get, { status: 403 }),
    c('429', 'RATE_LIMIT', get, { status: 429, headers: ['retry-after:120'] }),
    c('500', 'SERVER_ERROR', get, { status: 500 }),
    c('503', 'SERVER_OVERLOADED', get, { status: 503 }),
    c('timeout', 'TIMEOUT', 'wget --tries=1 --timeout=2 -O out "$URL/releases/app.tar.gz"', { status: 'sleep' }),
    c('refused', 'NETWORK', 'wget --tries=1 -O out http://127.0.0.1:1/releases/app.tar.gz'),
    c('dns', 'NETWORK', 'wget --tries=1 -O out https://downloads.no-such-host.invalid/app.tar.gz'),
    c('self-signed', 'CERTIFICATE_ERROR', 'wget --tries=1 -O out "$URL/releases/app.tar.gz"', { status: 200, tls: 'valid' }),
    c('expired', 'CERTIFICATE_ERROR', 'wget --tries=1 --ca-certificate=$CERTS/expired.pem -O out "$URL/releases/app.tar.gz"', { status: 200, tls: 'expired' }),
    c('disk-full', 'RESOURCE_EXHAUSTION', 'wget --tries=1 -O /dev/full "$URL/releases/app.tar.gz"', { status: 200, body: 'x'.repeat(200000) }),
    c('no-dir', 'ERROR_RESPONSE', 'wget --tries=1 -O downloads/app.tar.gz "$URL/releases/app.tar.gz"', { status: 200, body: 'data' }),
  ];
}

function patch() {
  const base = { 'src/config.py': 'HOST = "localhost"\nPORT = 8080\nDEBUG = False\n' };
  const c = (id, cmd, files = {}) => ({ id: `patch.${id}`, source: 'patch', type: 'DIFF_PARSE_ERROR', files: { ...base, ...files }, cmd });
  const hunk = (from, to) => `--- a/src/config.py\n+++ b/src/config.py\n@@ -1,3 +1,3 @@\n ${from.join('\n ')}\n`.replace(` ${from[1]}`, `-${from[1]}\n+${to}`);
  return [
    c('hunk-failed', 'patch -p1 --batch < fix.patch', { 'fix.patch': hunk(['HOST = "0.0.0.0"', 'PORT = 9090', 'DEBUG = True'], 'PORT = 9443') }),
    c('dry-run-failed', 'patch -p1 --dry-run --batch < fix.patch', { 'fix.patch': hunk(['HOST = "db"', 'PORT = 5432', 'DEBUG = True'], 'PORT = 6432') }),
    c('malformed', 'patch -p1 --batch < fix.patch', { 'fix.patch': '--- a/src/config.py\n+++ b/src/config.py\n@@ -1,3 +1,3 @@\n HOST = "localhost"\n-PORT = 8080\n+PORT = 9090\n-DEBUG = False\n' }),
    c('garbage', 'patch -p1 --batch < fix.patch', { 'fix.patch': 'Here is the fix: change the port to 9090 in src/config.py.\n' }),
    c('no-file', 'patch -p1 --batch < fix.patch', { 'fix.patch': '--- a/src/settings.py\n+++ b/src/settings.py\n@@ -1,1 +1,1 @@\n-PORT = 8080\n+PORT = 9090\n' }),
    c('reversed', 'patch -p1 --forward --batch < fix.patch', { 'fix.patch': '--- a/src/config.py\n+++ b/src/config.py\n@@ -1,3 +1,3 @@\n HOST = "localhost"\n-PORT = 9090\n+PORT = 8080\n DEBUG = False\n' }),
    c('eof', 'patch -p1 --batch < fix.patch', { 'fix.patch': '--- a/src/config.py\n+++ b/src/config.py\n@@ -1,3 +1,4 @@\n HOST = "localhost"\n' }),
    c('wrong-strip', 'patch -p0 --batch < fix.patch', { 'fix.patch': '--- a/src/config.py\n+++ b/src/config.py\n@@ -1,3 +1,3 @@\n HOST = "localhost"\n-PORT = 8080\n+PORT = 9090\n DEBUG = False\n' }),
  ];
}

function perl() {
  const c = (id, type, src, cmd = 'perl script.pl', files = {}) => ({ id: `perl.${id}`, source: 'perl', type, files: { 'script.pl': src, ...files }, cmd });
  return [
    c('syntax', 'BROKEN_BUILD', 'use strict;\nmy %h = (a => 1;\nprint $h{a};\n'),
    c('missing-module', 'BROKEN_BUILD', 'use strict;\nuse JSON::XS;\nprint encode_json({});\n'),
    c('strict-vars', 'BROKEN_BUILD', 'use strict;\n$count = 3;\nprint $count;\n'),
    c('undefined-sub', 'BROKEN_BUILD', 'use strict;\nmy $r = render_page("home");\n'),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was CLI_CRASH — no rows returned by export: a sentence saying what is wrong with the input (step 2).
    c('die', 'ERROR_RESPONSE', 'use strict;\nmy @rows = ();\ndie "no rows returned by export\\n" unless @rows;\n'),
    c('division', 'CLI_CRASH', 'use strict;\nmy $total = 0;\nprint 100 / $total;\n'),
    c('method-undef', 'CLI_CRASH', 'use strict;\nmy $client;\n$client->request("GET", "/");\n'),
    c('open-missing', 'ERROR_RESPONSE', 'use strict;\nopen(my $fh, "<", "config/app.ini") or die "Cannot open config/app.ini: $!\\n";\n'),
    c('http-refused', 'NETWORK', 'use strict;\nuse HTTP::Tiny;\nmy $r = HTTP::Tiny->new->get("http://127.0.0.1:1/api/health");\ndie "$r->{status} $r->{reason}: $r->{content}" unless $r->{success};\n'),
    c('http-dns', 'NETWORK', 'use strict;\nuse HTTP::Tiny;\nmy $r = HTTP::Tiny->new->get("http://api.no-such-host.invalid/v1");\ndie "$r->{status} $r->{reason}: $r->{content}" unless $r->{success};\n'),
    c('out-of-memory', 'RESOURCE_EXHAUSTION', 'my @keep;\npush @keep, "x" x 10_000_000 while 1;\n', 'ulimit -v 300000; perl script.pl'),
    c('socket-refused', 'NETWORK', 'use strict;\nuse IO::Socket::INET;\nmy $s = IO::Socket::INET->new(PeerAddr => "127.0.0.1", PeerPort => 1, Proto => "tcp") or die "Cannot connect to 127.0.0.1:1: $@\\n";\n'),
  ];
}

function prove() {
  const c = (id, type, src) => ({ id: `prove.${id}`, source: 'prove', type, files: { 't/app.t': src }, cmd: 'prove t/' });
  return [
    c('is', 'VERIFICATION_FAILED', 'use Test::More tests => 2;\nis(1 + 1, 2, "adds");\nis(lc("ABC"), "abd", "lower-cases");\n'),
    c('ok', 'VERIFICATION_FAILED', 'use Test::More;\nmy %resp = (status => 503);\nok($resp{status} == 200, "health endpoint answers 200");\ndone_testing;\n'),
    c('is-deeply', 'VERIFICATION_FAILED', 'use Test::More;\nis_deeply([sort 3, 1, 2], [1, 2, 4], "sorted");\ndone_testing;\n'),
    c('plan', 'VERIFICATION_FAILED', 'use Test::More tests => 3;\nok(1, "one");\nok(1, "two");\n'),
    c('died', 'VERIFICATION_FAILED', 'use Test::More;\nok(1, "setup");\ndie "fixture file missing\\n";\ndone_testing;\n'),
    c('syntax', 'BROKEN_BUILD', 'use Test::More;\nok(1, "x"\ndone_testing;\n'),
    c('missing-module', 'BROKEN_BUILD', 'use Test::More;\nuse App::Billing;\nok(1);\ndone_testing;\n'),
    c('like', 'VERIFICATION_FAILED', 'use Test::More;\nlike("Error: 401 Unauthorized", qr/^OK/, "login succeeds");\ndone_testing;\n'),
  ];
}

function awk() {
  const c = (id, type, cmd, files = {}) => ({ id: `awk.${id}`, source: 'awk', type, files: { 'access.log': '10.0.0.1 GET /a 200 12\n10.0.0.2 GET /b 500 7\n', ...files }, cmd });
  return [
    c('syntax', 'BROKEN_BUILD', "awk '{ sum += $5 END { print sum }' access.log"),
    c('regex', 'BROKEN_BUILD', "awk '/(GET|POST/ { n++ } END { print n }' access.log"),
    c('undefined-function', 'BROKEN_BUILD', "awk '$4 >= 500 { report($3) }' access.log"),
    c('missing-file', 'ERROR_RESPONSE', "awk '{ print $1 }' logs/access-2026-11-26.log"),
    c('program-file', 'ERROR_RESPONSE', 'awk -f scripts/report.awk access.log'),
    c('exit-code', 'VERIFICATION_FAILED', "awk '$4 >= 500 { print \"server error on \" $3; bad = 1 } END { exit bad }' access.log"),
    c('unterminated-string', 'BROKEN_BUILD', "awk '{ print \"status: $4 }' access.log"),
    c('write-full', 'RESOURCE_EXHAUSTION', "awk '{ print > \"/dev/full\" }' access.log"),
  ];
}

function ninja() {
  const rules = 'rule cc\n  command = gcc -c $in -o $out\nrule link\n  command = gcc $in -o $out\nrule run\n  command = $cmd\n';
  const c = (id, type, build, files = {}, cmd = 'ninja') => ({ id: `ninja.${id}`, source: 'ninja', type, files: { 'build.ninja': build === null ? undefined : `${rules}${build}`, ...files }, cmd });
  const strip = (cs) => cs.map((x) => ({ ...x, files: Object.fromEntries(Object.entries(x.files).filter(([, v]) => v !== undefined)) }));
  return strip([
    c('no-build-file', 'BROKEN_BUILD', null),
    c('unknown-target', 'BROKEN_BUILD', 'build app: link main.o\nbuild main.o: cc main.c\n', { 'main.c': 'int main(void) { return 0; }\n' }, 'ninja install'),
    c('missing-input', 'BROKEN_BUILD', 'build app: link main.o\nbuild main.o: cc main.c\n'),
    c('syntax', 'BROKEN_BUILD', 'build app link main.o\n'),
    c('unknown-rule', 'BROKEN_BUILD', 'build main.o: compile main.c\n', { 'main.c': 'int main(void) { return 0; }\n' }),
    c('cycle', 'BROKEN_BUILD', 'build a: run b\n  cmd = touch a\nbuild b: run a\n  cmd = touch b\n'),
    c('compile-error', 'BROKEN_BUILD', 'build app: link main.o\nbuild main.o: cc main.c\n', { 'main.c': 'int main(void) { return undefined_symbol; }\n' }),
    c('download-refused', 'NETWORK', 'build deps/schema.json: run\n  cmd = curl -sS --fail -o deps/schema.json http://127.0.0.1:1/schema.json\n'),
    c('tool-missing', 'CLI_NOT_FOUND', 'build gen/api.pb.c: run api.proto\n  cmd = protoc --c_out=gen api.proto\n', { 'api.proto': 'syntax = "proto3";\n' }),
    c('disk-full', 'RESOURCE_EXHAUSTION', 'build out.bin: run\n  cmd = head -c 100000 /dev/urandom > out.bin && cp out.bin /dev/full\n'),
    c('test-fails', 'VERIFICATION_FAILED', 'build test: run\n  cmd = python3 -c "assert 2 + 2 == 5, \'arithmetic check failed\'"\n'),
  ]);
}

function keytool() {
  const gen = (ks, pass, alias = 'server') => `keytool -genkeypair -keystore ${ks} -storepass ${pass} -keypass ${pass} -alias ${alias} -keyalg EC -dname CN=api -validity 30 -noprompt 2>/dev/null`;
  const c = (id, type, cmd) => ({ id: `keytool.${id}`, source: 'keytool', type, cmd });
  return [
    c('wrong-password', 'AUTH_REQUIRED', `${gen('app.p12', 'changeit')} && keytool -list -keystore app.p12 -storepass wrongpass`),
    c('missing-keystore', 'ERROR_RESPONSE', 'keytool -list -keystore config/truststore.p12 -storepass changeit'),
    c('alias-missing', 'ERROR_RESPONSE', `${gen('app.p12', 'changeit')} && keytool -exportcert -keystore app.p12 -storepass changeit -alias tomcat -file tomcat.crt`),
    c('alias-exists', 'ERROR_RESPONSE', `${gen('app.p12', 'changeit')} && ${gen('app.p12', 'changeit').replace(' 2>/dev/null', '')}`),
    c('not-a-cert', 'ERROR_RESPONSE', 'echo "not a certificate" > ca.crt && keytool -importcert -noprompt -keystore trust.p12 -storepass changeit -alias ca -file ca.crt'),
    c('short-password', 'ERROR_RESPONSE', 'keytool -genkeypair -keystore app.p12 -storepass abc -alias a -keyalg EC -dname CN=a -noprompt'),
    c('print-bad-cert', 'ERROR_RESPONSE', 'printf -- "-----BEGIN CERTIFICATE-----\\nAAAA\\n-----END CERTIFICATE-----\\n" > broken.pem && keytool -printcert -file broken.pem'),
    c('not-a-keystore', 'ERROR_RESPONSE', 'echo "plain text" > app.jks && keytool -list -keystore app.jks -storepass changeit'),
  ];
}

function ctest() {
  const cmake = (tests) => `cmake_minimum_required(VERSION 3.16)\nproject(demo C)\nenable_testing()\n${tests}`;
  const c = (id, type, tests, files = {}) => ({ id: `ctest.${id}`, source: 'ctest', type, files: { 'CMakeLists.txt': cmake(tests), ...files }, cmd: 'cmake -S . -B build -G Ninja >/dev/null && cmake --build build >/dev/null && ctest --test-dir build --output-on-failure', timeoutMs: 180_000 });
  return [
    c('assert', 'VERIFICATION_FAILED', 'add_executable(t_sum t_sum.c)\nadd_test(NAME sum COMMAND t_sum)\n', { 't_sum.c': '#include <assert.h>\nint sum(int a, int b) { return a - b; }\nint main(void) { assert(sum(2, 2) == 4); return 0; }\n' }),
    c('exit-code', 'VERIFICATION_FAILED', 'add_test(NAME config_check COMMAND sh -c "echo missing key: database.url; exit 1")\n'),
    c('timeout', 'TIMEOUT', 'add_test(NAME slow COMMAND sleep 10)\nset_tests_properties(slow PROPERTIES TIMEOUT 1)\n'),
    c('segfault', 'CLI_CRASH', 'add_executable(t_crash t_crash.c)\nadd_test(NAME parser COMMAND t_crash)\n', { 't_crash.c': '#include <stddef.h>\nint main(void) { volatile int *p = NULL; return *p; }\n' }),
    c('not-found', 'BROKEN_BUILD', 'add_test(NAME integration COMMAND ${CMAKE_BINARY_DIR}/integration_tests)\n'),
    c('fail-regex', 'VERIFICATION_FAILED', 'add_test(NAME log_clean COMMAND sh -c "echo ERROR: 3 records rejected")\nset_tests_properties(log_clean PROPERTIES FAIL_REGULAR_EXPRESSION "ERROR")\n'),
    c('will-fail', 'VERIFICATION_FAILED', 'add_test(NAME rejects_bad_input COMMAND sh -c "exit 0")\nset_tests_properties(rejects_bad_input PROPERTIES WILL_FAIL TRUE)\n'),
    c('refused', 'NETWORK', 'add_test(NAME api_smoke COMMAND curl -sS --fail http://127.0.0.1:1/health)\n'),
  ];
}

function sanitizers() {
  const c = (id, type, src, flags = '-fsanitize=address') => ({ id: `sanitizers.${id}`, source: 'sanitizers', type, files: { 'main.c': src }, cmd: `gcc -g ${flags} -o app main.c && ./app`, env: { ASAN_OPTIONS: 'detect_leaks=1' } });
  return [
    c('use-after-free', 'CLI_CRASH', '#include <stdlib.h>\nint main(void) { int *p = malloc(8); free(p); return p[0]; }\n'),
    c('heap-overflow', 'CLI_CRASH', '#include <stdlib.h>\nint main(void) { int *p = malloc(4 * sizeof *p); int v = p[4]; free(p); return v; }\n'),
    c('stack-overflow-buffer', 'CLI_CRASH', 'int main(int argc, char **argv) { (void)argv; int a[4] = {0}; return a[argc + 3]; }\n'),
    c('double-free', 'CLI_CRASH', '#include <stdlib.h>\nint main(void) { char *p = malloc(8); free(p); free(p); return 0; }\n'),
    c('leak', 'CLI_CRASH', '#include <stdlib.h>\n#include <string.h>\nchar *keep;\nint main(void) { char *p = malloc(64); strcpy(p, "x"); p = 0; return 0; }\n'),
    c('null', 'CLI_CRASH', '#include <stddef.h>\nint main(void) { volatile int *p = NULL; return *p; }\n'),
    c('ubsan-overflow', 'CLI_CRASH', '#include <limits.h>\nint main(int argc, char **argv) { (void)argv; int x = INT_MAX; x += argc; return x; }\n', '-fsanitize=undefined -fno-sanitize-recover=all'),
    c('ubsan-shift', 'CLI_CRASH', 'int main(int argc, char **argv) { (void)argv; return 1 << (argc + 40); }\n', '-fsanitize=undefined -fno-sanitize-recover=all'),
    c('global-overflow', 'CLI_CRASH', 'int table[3];\nint main(int argc, char **argv) { (void)argv; return table[argc + 2]; }\n'),
  ];
}

function rustfmt() {
  const c = (id, type, src, cmd = 'rustfmt --check --edition 2021 src/main.rs') => ({ id: `rustfmt.${id}`, source: 'rustfmt', type, files: { 'src/main.rs': src }, cmd });
  return [
    c('spacing', 'QUALITY_GATE_FAIL', 'fn main(){let x=1;println!("{}",x);}\n'),
    c('indent', 'QUALITY_GATE_FAIL', 'fn main() {\n        let total = 2;\n  println!("{total}");\n}\n'),
    c('long-call', 'QUALITY_GATE_FAIL', 'fn send(a: u32, b: u32, c: u32, d: u32) -> u32 { a + b + c + d }\nfn main() {\n    let result = send(1000000000, 2000000000, 300000000, 400000000) + send(1000000000, 2000000000, 300000000, 4);\n    println!("{result}");\n}\n'),
    c('imports', 'QUALITY_GATE_FAIL', 'use std::io;\nuse std::collections::HashMap;\nfn main() {\n    let _m: HashMap<u8, u8> = HashMap::new();\n    let _ = io::stdout();\n}\n'),
    c('parse-error', 'BROKEN_BUILD', 'fn main() {\n    let x = ;\n}\n'),
    c('unclosed', 'BROKEN_BUILD', 'fn main() {\n    println!("hi");\n'),
    c('missing-file', 'ERROR_RESPONSE', 'fn main() {}\n', 'rustfmt --check src/lib.rs'),
    c('cargo-fmt', 'QUALITY_GATE_FAIL', 'fn main(){println!("x")}\n', 'printf "[package]\\nname = \\"demo\\"\\nversion = \\"0.1.0\\"\\nedition = \\"2021\\"\\n" > Cargo.toml && cargo fmt --check'),
  ];
}

/** pnpm and yarn against a local registry that answers with a status, or none at all. */
const PKG = JSON.stringify({ name: 'demo', version: '1.0.0', dependencies: { 'left-pad': '^1.3.0' } });
function pnpm() {
  const reg = 'pnpm install --registry "$URL/" --fetch-retries 0 --reporter append-only';
  const c = (id, type, cmd, { files = {}, ...extra } = {}) => ({ id: `pnpm.${id}`, source: 'pnpm', type, files: { 'package.json': PKG, ...files }, cmd, timeoutMs: 60_000, ...extra });
  return [
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — left-pad is not in the npm registry: the registry's answer (as gem.404, yarn.404).
    c('404', 'ERROR_RESPONSE', reg, { http: { status: 404, body: '{"error":"Not found"}' } }),
    c('401', 'AUTH_REQUIRED', reg, { http: { status: 401, body: '{"error":"authentication required"}' } }),
    c('403', 'AUTH_REQUIRED', reg, { http: { status: 403, body: '{"error":"forbidden"}' } }),
    c('429', 'RATE_LIMIT', reg, { http: { status: 429, body: '{"error":"too many requests"}' } }),
    c('500', 'SERVER_ERROR', reg, { http: { status: 500, body: 'Internal Server Error' } }),
    c('503', 'SERVER_OVERLOADED', reg, { http: { status: 503, body: 'Service Unavailable' } }),
    c('refused', 'NETWORK', 'pnpm install --registry http://127.0.0.1:1/ --fetch-retries 0 --reporter append-only'),
    c('dns', 'NETWORK', 'pnpm install --registry https://registry.no-such-host.invalid/ --fetch-retries 0 --reporter append-only'),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — Missing script: build names no file: a name refused (as yarn.no-script).
    c('no-script', 'ERROR_RESPONSE', 'pnpm run build'),
    c('frozen-lockfile', 'BROKEN_BUILD', 'pnpm install --frozen-lockfile --offline --reporter append-only', { files: { 'pnpm-lock.yaml': "lockfileVersion: '9.0'\n\nsettings:\n  autoInstallPeers: true\n  excludeLinksFromLockfile: false\n\nimporters:\n\n  .:\n    dependencies:\n      left-pad:\n        specifier: ^1.2.0\n        version: 1.2.0\n\npackages:\n\n  left-pad@1.2.0:\n    resolution: {integrity: sha512-abc}\n\nsnapshots:\n\n  left-pad@1.2.0: {}\n" } }),
    c('bad-json', 'JSON_PARSE_ERROR', 'pnpm install --offline', { files: { 'package.json': '{ "name": "demo", "dependencies": { "left-pad": "^1.3.0", } }' } }),
    c('script-missing-tool', 'CLI_NOT_FOUND', 'pnpm run build', { files: { 'package.json': JSON.stringify({ name: 'demo', version: '1.0.0', scripts: { build: 'webpack-cli-not-installed --mode production' } }) } }),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — Failed to resolve left-pad … in package mirror …: the cache's answer (as yarn.offline-missing).
    c('offline-missing', 'ERROR_RESPONSE', 'pnpm install --offline --reporter append-only'),
  ];
}

function yarn() {
  const reg = 'yarn install --registry "$URL/" --non-interactive --no-progress';
  const c = (id, type, cmd, { files = {}, ...extra } = {}) => ({ id: `yarn.${id}`, source: 'yarn', type, files: { 'package.json': PKG, ...files }, cmd, timeoutMs: 90_000, ...extra });
  return [
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — http://…/left-pad: Not found: the registry's answer (step 1, a peer's answer).
    c('404', 'ERROR_RESPONSE', reg, { http: { status: 404, body: '{"error":"Not found"}' } }),
    c('401', 'AUTH_REQUIRED', reg, { http: { status: 401, body: '{"error":"authentication required"}' } }),
    c('403', 'AUTH_REQUIRED', reg, { http: { status: 403, body: '{"error":"forbidden"}' } }),
    c('500', 'SERVER_ERROR', reg, { http: { status: 500, body: 'Internal Server Error' } }),
    c('refused', 'NETWORK', 'yarn install --registry http://127.0.0.1:1/ --non-interactive --no-progress'),
    c('dns', 'NETWORK', 'yarn install --registry https://registry.no-such-host.invalid/ --non-interactive --no-progress'),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — error Command "build" not found. names no file: a name refused (step 2).
    c('no-script', 'ERROR_RESPONSE', 'yarn run build --non-interactive'),
    c('bad-json', 'JSON_PARSE_ERROR', 'yarn install --offline --non-interactive', { files: { 'package.json': '{ "name": "demo", "dependencies": { "left-pad": "^1.3.0", } }' } }),
    c('script-missing-tool', 'CLI_NOT_FOUND', 'yarn run build --non-interactive', { files: { 'package.json': JSON.stringify({ name: 'demo', version: '1.0.0', scripts: { build: 'webpack-cli-not-installed --mode production' } }) } }),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — Couldn't find any versions for "left-pad" … in our cache: the cache's answer (step 2).
    c('offline-missing', 'ERROR_RESPONSE', 'yarn install --offline --non-interactive'),
  ];
}

/** Partly seen: the trust pack names OpenSSL's verify strings (as Node and curl print them). */
function openssl() {
  const c = (id, type, cmd, extra = {}) => ({ id: `openssl.${id}`, source: 'openssl', type, cmd, targets: 'trust (OpenSSL verify strings)', timeoutMs: 30_000, ...extra });
  return [
    c('verify-self-signed', 'CERTIFICATE_ERROR', 'openssl verify $CERTS/valid.pem'),
    c('verify-expired', 'CERTIFICATE_ERROR', 'openssl verify -CAfile $CERTS/expired.pem $CERTS/expired.pem'),
    c('s-client-refused', 'NETWORK', 'openssl s_client -connect 127.0.0.1:1 -brief </dev/null'),
    c('s-client-verify', 'CERTIFICATE_ERROR', 'openssl s_client -connect "${URL#https://}" -verify_return_error -brief </dev/null', { http: { status: 200, tls: 'valid' } }),
    c('bad-pass', 'AUTH_REQUIRED', 'openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -aes256 -pass pass:right -out key.pem && openssl pkey -in key.pem -passin pass:wrong -noout'),
    c('decrypt-bad', 'AUTH_REQUIRED', 'echo secret | openssl enc -aes-256-cbc -pbkdf2 -pass pass:right -out s.enc && openssl enc -d -aes-256-cbc -pbkdf2 -pass pass:wrong -in s.enc'),
    c('bad-pem', 'ERROR_RESPONSE', 'echo "not a certificate" > cert.pem && openssl x509 -in cert.pem -noout -subject'),
    c('missing-file', 'ERROR_RESPONSE', 'openssl x509 -in certs/server.crt -noout -enddate'),
    c('checkend', 'CERTIFICATE_ERROR', 'openssl x509 -in $CERTS/expired.pem -noout -checkend 0'),
    c('dgst-verify', 'CERTIFICATE_ERROR', 'openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out k.pem && openssl pkey -in k.pem -pubout -out pub.pem && echo release > r && openssl dgst -sha256 -sign k.pem -out r.sig r && echo tampered >> r && openssl dgst -sha256 -verify pub.pem -signature r.sig r'),
  ];
}

/** Partly seen: the busy pack names SQLite's lock messages. */
function sqlite3() {
  const db = 'sqlite3 app.db "create table users (id integer primary key, email text not null unique); insert into users (email) values (\'a@x\');"';
  const c = (id, type, cmd) => ({ id: `sqlite3.${id}`, source: 'sqlite3', type, cmd, targets: 'busy (SQLite lock messages)' });
  return [
    c('no-table', 'ERROR_RESPONSE', `${db} && sqlite3 -bail app.db "select * from orders"`),
    c('syntax', 'BROKEN_BUILD', `${db} && sqlite3 -bail app.db "selec * from users"`),
    c('unique', 'ERROR_RESPONSE', `${db} && sqlite3 -bail app.db "insert into users (email) values ('a@x')"`),
    c('not-null', 'ERROR_RESPONSE', `${db} && sqlite3 -bail app.db "insert into users (email) values (null)"`),
    c('locked', 'RESOURCE_BUSY', `${db} && (sqlite3 app.db "begin exclusive; select 1; " -cmd ".timeout 0" >/dev/null; true) && python3 -c "import sqlite3,time,subprocess; c=sqlite3.connect('app.db', isolation_level=None); c.execute('begin exclusive'); r=subprocess.run(['sqlite3','-bail','app.db','insert into users (email) values (\\'b@x\\')']); raise SystemExit(r.returncode)"`),
    c('readonly', 'ERROR_RESPONSE', `${db} && sqlite3 -readonly -bail app.db "delete from users"`),
    c('not-a-db', 'ERROR_RESPONSE', 'echo "id,email" > app.db && sqlite3 -bail app.db "select count(*) from users"'),
    c('cannot-open', 'ERROR_RESPONSE', 'sqlite3 -bail data/prod/app.db "select 1"'),
    c('no-column', 'ERROR_RESPONSE', `${db} && sqlite3 -bail app.db "select name from users"`),
    c('foreign-key', 'ERROR_RESPONSE', `${db} && sqlite3 -bail app.db "pragma foreign_keys=on; create table orders (id integer primary key, user_id integer references users(id)); insert into orders (user_id) values (42);"`),
  ];
}

/**
 * Partly seen: the cloud-auth pack names the AWS CLI's "Unable to locate credentials" (not
 * captured here). The local server answers with the error bodies AWS documents for each code.
 */
function awsCli() {
  const env = { AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE', AWS_SECRET_ACCESS_KEY: 'example', AWS_DEFAULT_REGION: 'eu-west-1', AWS_MAX_ATTEMPTS: '1', AWS_RETRY_MODE: 'standard', AWS_PAGER: '' };
  const ddbErr = (type, message) => JSON.stringify({ __type: `com.amazonaws.dynamodb.v20120810#${type}`, message });
  const xmlErr = (code, message) => `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>4442587FB7D0A2F9</RequestId></Error>`;
  const stsErr = (code, message) => `<ErrorResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error><RequestId>c6104cbe-af31-11e0-8154-cbc7ccf896c7</RequestId></ErrorResponse>`;
  const ddb = 'aws dynamodb describe-table --table-name orders --endpoint-url "$URL"';
  const s3 = 'aws s3api list-objects-v2 --bucket releases --endpoint-url "$URL"';
  const s3get = 'aws s3api get-object --bucket releases --key app.tar.gz out --endpoint-url "$URL"';
  const sts = 'aws sts get-caller-identity --endpoint-url "$URL"';
  const c = (id, type, cmd, http) => ({ id: `aws-cli.${id}`, source: 'aws-cli', type, cmd, http, env, timeoutMs: 60_000, targets: 'cloud-auth (only "Unable to locate credentials", not captured)' });
  return [
    c('throttling', 'RATE_LIMIT', ddb, { status: 400, body: ddbErr('ThrottlingException', 'Rate of requests exceeds the allowed throughput.') }),
    c('provisioned-throughput', 'RATE_LIMIT', ddb, { status: 400, body: ddbErr('ProvisionedThroughputExceededException', 'The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.') }),
    c('not-found', 'ERROR_RESPONSE', ddb, { status: 400, body: ddbErr('ResourceNotFoundException', 'Requested resource not found: Table: orders not found') }),
    c('validation', 'ERROR_RESPONSE', ddb, { status: 400, body: ddbErr('ValidationException', '1 validation error detected: Value \'orders!\' at \'tableName\' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+') }),
    c('expired-token', 'AUTH_EXPIRED', ddb, { status: 400, body: ddbErr('ExpiredTokenException', 'The security token included in the request is expired') }),
    c('unrecognized-client', 'AUTH_REQUIRED', ddb, { status: 400, body: ddbErr('UnrecognizedClientException', 'The security token included in the request is invalid.') }),
    c('ddb-internal', 'SERVER_ERROR', ddb, { status: 500, body: ddbErr('InternalServerError', 'Internal server error') }),
    c('ddb-unavailable', 'SERVER_OVERLOADED', ddb, { status: 503, body: ddbErr('ServiceUnavailable', 'Service is currently unavailable. Please try again later.') }),
    c('s3-no-bucket', 'ERROR_RESPONSE', s3get, { status: 404, body: xmlErr('NoSuchBucket', 'The specified bucket does not exist') }),
    c('s3-access-denied', 'AUTH_REQUIRED', s3get, { status: 403, body: xmlErr('AccessDenied', 'Access Denied') }),
    c('s3-slow-down', 'RATE_LIMIT', s3get, { status: 503, body: xmlErr('SlowDown', 'Please reduce your request rate.') }),
    c('s3-list-403', 'AUTH_REQUIRED', s3, { status: 403, body: '' }),
    c('sts-expired', 'AUTH_EXPIRED', sts, { status: 403, body: stsErr('ExpiredToken', 'The security token included in the request is expired') }),
    c('sts-invalid', 'AUTH_REQUIRED', sts, { status: 403, body: stsErr('InvalidClientTokenId', 'The security token included in the request is invalid.') }),
    c('refused', 'NETWORK', 'aws dynamodb list-tables --endpoint-url http://127.0.0.1:1', undefined),
  ];
}

export function firstSightCliCases() {
  return [
    ...terraform(), ...cfnLint(), ...jq(), ...yq(), ...gpg(), ...tar(), ...unzip(), ...compressors(), ...wget(), ...patch(),
    ...perl(), ...prove(), ...awk(), ...ninja(), ...keytool(), ...ctest(), ...sanitizers(), ...rustfmt(), ...pnpm(), ...yarn(),
    ...openssl(), ...sqlite3(), ...awsCli(),
  ];
}
