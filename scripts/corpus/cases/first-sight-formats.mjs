/**
 * First-sight families, part 9 (the fourth capture, with part 8): tools that read and write
 * formats, keys and signatures, which no rule pack, registry or earlier capture names — an XML
 * parser and validator (xmllint), a schema compiler (protoc), file encryption (age), signatures
 * (minisign) and image processing (ImageMagick). Each case's `type` was written here, by the rules
 * of first-sight-cli.mjs and the parts after it, before the classifier was asked about any of these
 * texts; for these families in particular:
 * - a document, schema or .proto file that does not parse or resolve (an import or type that is
 *   not there) is BROKEN_BUILD; a document that parses but misfits its schema or DTD is
 *   FORMAT_VALIDATION (as jsonschema's and pydantic's);
 * - a plugin or program the tool runs that is not installed is CLI_NOT_FOUND; one that crashes is
 *   CLI_CRASH;
 * - a key that does not open a secret, a secret key or identity file that cannot be read or does
 *   not parse, a password that does not open a key and one nobody can give (no terminal) are AUTH_REQUIRED (README: a key file that
 *   cannot be read is a credential problem); a signature that does not verify, or was made by
 *   another key than the one trusted, is CERTIFICATE_ERROR (as gpg's and ssh-keygen's);
 * - data whose integrity check fails (a ciphertext's authentication tag) is DATA_CORRUPTION
 *   (README, issue 33) — earlier captures, before that type, read an archive's bad CRC as
 *   ERROR_RESPONSE; a file that is not in the format the tool reads is ERROR_RESPONSE;
 * - a resource limit the tool enforces (memory, pixel cache, disk, a dimension) is
 *   RESOURCE_EXHAUSTION (as xz's memory limit); an operation the tool's security policy forbids
 *   is ERROR_RESPONSE (a request refused as given; DESIGN's SECURITY_VIOLATION is about the run
 *   reaching for sensitive paths or privileges, not a tool's policy on a file format — ambiguous).
 */

const tool = (family) => (id, type, cmd, files = {}, extra = {}) => ({ id: `${family}.${id}`, source: family, type, files, cmd, ...extra });

function xmllint() {
  const c = (id, type, files, cmd = 'xmllint --noout config/app.xml') => tool('xmllint')(id, type, cmd, files);
  const XSD = '<?xml version="1.0"?>\n<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">\n  <xs:element name="service">\n    <xs:complexType>\n      <xs:sequence>\n        <xs:element name="name" type="xs:string"/>\n        <xs:element name="replicas" type="xs:positiveInteger"/>\n      </xs:sequence>\n    </xs:complexType>\n  </xs:element>\n</xs:schema>\n';
  const schema = (xml, xsd = XSD) => ({ 'config/app.xml': xml, 'config/service.xsd': xsd });
  const DTD = '<!ELEMENT service (name, port)>\n<!ELEMENT name (#PCDATA)>\n<!ELEMENT port (#PCDATA)>\n';
  const RNG = '<element name="service" xmlns="http://relaxng.org/ns/structure/1.0" datatypeLibrary="http://www.w3.org/2001/XMLSchema-datatypes">\n  <element name="name"><text/></element>\n  <element name="port"><data type="int"/></element>\n</element>\n';
  return [
    c('mismatched-tag', 'BROKEN_BUILD', { 'config/app.xml': '<service>\n  <name>api</name>\n  <port>8080</prt>\n</service>\n' }),
    c('unclosed', 'BROKEN_BUILD', { 'config/app.xml': '<service>\n  <name>api</name>\n  <port>8080</port>\n' }),
    c('undefined-entity', 'BROKEN_BUILD', { 'config/app.xml': '<service>\n  <name>api &amp; worker &nbsp;</name>\n</service>\n' }),
    c('xsd-unexpected', 'FORMAT_VALIDATION', schema('<service>\n  <name>api</name>\n  <replica>2</replica>\n</service>\n'), 'xmllint --noout --schema config/service.xsd config/app.xml'),
    c('xsd-type', 'FORMAT_VALIDATION', schema('<service>\n  <name>api</name>\n  <replicas>two</replicas>\n</service>\n'), 'xmllint --noout --schema config/service.xsd config/app.xml'),
    c('dtd', 'FORMAT_VALIDATION', { 'config/app.xml': '<?xml version="1.0"?>\n<!DOCTYPE service SYSTEM "service.dtd">\n<service>\n  <name>api</name>\n</service>\n', 'config/service.dtd': DTD }, 'xmllint --noout --valid config/app.xml'),
    c('relaxng', 'FORMAT_VALIDATION', { 'config/app.xml': '<service>\n  <name>api</name>\n  <port>http</port>\n</service>\n', 'config/service.rng': RNG }, 'xmllint --noout --relaxng config/service.rng config/app.xml'),
    c('schema-broken', 'BROKEN_BUILD', schema('<service><name>api</name><replicas>2</replicas></service>\n', XSD.replace('xs:positiveInteger', 'xs:positiveInt')), 'xmllint --noout --schema config/service.xsd config/app.xml'),
    c('missing-file', 'ERROR_RESPONSE', { 'config/app.xml': '<service/>\n' }, 'xmllint --noout config/prod.xml'),
  ];
}

function protoc() {
  const c = (id, type, proto, cmd = 'mkdir -p gen && protoc -I proto --python_out=gen proto/billing.proto', files = {}) => tool('protoc')(id, type, cmd, { 'proto/billing.proto': `syntax = "proto3";\npackage billing;\n\n${proto}`, ...files });
  const ok = 'message Invoice {\n  string id = 1;\n  int64 amount_cents = 2;\n}\n';
  return [
    c('syntax', 'BROKEN_BUILD', 'message Invoice {\n  string id = 1\n  int64 amount_cents = 2;\n}\n'),
    c('missing-import', 'BROKEN_BUILD', `import "common/money.proto";\n\n${ok}`),
    c('undefined-type', 'BROKEN_BUILD', 'message Invoice {\n  string id = 1;\n  Money total = 2;\n}\n'),
    c('duplicate-number', 'BROKEN_BUILD', 'message Invoice {\n  string id = 1;\n  int64 amount_cents = 1;\n}\n'),
    c('required-in-proto3', 'BROKEN_BUILD', 'message Invoice {\n  required string id = 1;\n}\n'),
    c('plugin-missing', 'CLI_NOT_FOUND', ok, 'mkdir -p gen && protoc -I proto --grpc-web_out=gen proto/billing.proto'),
    c('plugin-crash', 'CLI_CRASH', ok, 'mkdir -p gen && PATH=$PWD/bin:$PATH protoc -I proto --ts_out=gen proto/billing.proto', { 'bin/protoc-gen-ts': '#!/bin/sh\ncat >/dev/null\nkill -SEGV $$\n' }),
    c('output-dir', 'ERROR_RESPONSE', ok, 'protoc -I proto --python_out=gen/python proto/billing.proto'),
    c('missing-input', 'ERROR_RESPONSE', ok, 'mkdir -p gen && protoc -I proto --python_out=gen proto/payments.proto'),
  ].map((x) => (x.id === 'protoc.plugin-crash' ? { ...x, cmd: `chmod +x bin/protoc-gen-ts && ${x.cmd}` } : x));
}

function age() {
  const c = (id, type, cmd, files = {}) => tool('age')(id, type, cmd, { 'secrets.env': 'DATABASE_URL=postgres://app@db/app\n', ...files });
  const keys = 'age-keygen -o deploy.key 2>/dev/null && age-keygen -o other.key 2>/dev/null';
  const enc = `${keys} && age -r "$(age-keygen -y deploy.key)" -o secrets.env.age secrets.env`;
  return [
    c('wrong-identity', 'AUTH_REQUIRED', `${enc} && age -d -i other.key -o secrets.env.out secrets.env.age`),
    c('identity-passphrase', 'AUTH_REQUIRED', 'ssh-keygen -q -t ed25519 -N deploy-pass -C deploy -f id_deploy && age -R id_deploy.pub -o secrets.env.age secrets.env && age -d -i id_deploy -o secrets.env.out secrets.env.age </dev/null'),
    c('identity-missing', 'AUTH_REQUIRED', `${enc} && age -d -i keys/deploy.key -o secrets.env.out secrets.env.age`),
    c('identity-malformed', 'AUTH_REQUIRED', `${enc} && head -c 40 deploy.key > broken.key && age -d -i broken.key -o secrets.env.out secrets.env.age`),
    // The payload fails its authentication tag: stored data fails its integrity check (tampering reads the same).
    c('tampered', 'DATA_CORRUPTION', `${enc} && size=$(stat -c %s secrets.env.age) && printf 'XXXX' | dd of=secrets.env.age bs=1 seek=$((size - 10)) conv=notrunc 2>/dev/null && age -d -i deploy.key -o secrets.env.out secrets.env.age`),
    c('not-age', 'ERROR_RESPONSE', `${keys} && age -d -i deploy.key -o secrets.env.out secrets.env`),
    c('bad-recipient', 'ERROR_RESPONSE', 'age -r age1qyqszqgpqyqszqgpqyqszqgp -o secrets.env.age secrets.env'),
    c('disk-full', 'RESOURCE_EXHAUSTION', `${keys} && head -c 200000 /dev/urandom > dump.sql && age -r "$(age-keygen -y deploy.key)" -o /dev/full dump.sql`),
    c('output-dir', 'ERROR_RESPONSE', `${keys} && age -r "$(age-keygen -y deploy.key)" -o vault/secrets.env.age secrets.env`),
  ];
}

function minisign() {
  const c = (id, type, cmd, files = {}) => tool('minisign')(id, type, cmd, { 'app-1.4.tar.gz': 'release tarball\n', ...files });
  const key = 'minisign -G -W -p release.pub -s release.key >/dev/null';
  const signed = `${key} && minisign -S -s release.key -m app-1.4.tar.gz >/dev/null`;
  return [
    c('bad-signature', 'CERTIFICATE_ERROR', `${signed} && echo tampered >> app-1.4.tar.gz && minisign -V -p release.pub -m app-1.4.tar.gz`),
    c('other-key', 'CERTIFICATE_ERROR', `${signed} && minisign -G -W -p other.pub -s other.key >/dev/null && minisign -V -p other.pub -m app-1.4.tar.gz`),
    c('trusted-comment', 'CERTIFICATE_ERROR', `${signed} && sed -i 's/^trusted comment: .*/trusted comment: release 9.9/' app-1.4.tar.gz.minisig && minisign -V -p release.pub -m app-1.4.tar.gz`),
    c('wrong-password', 'AUTH_REQUIRED', "printf 'release-pass\\nrelease-pass\\n' | minisign -G -p release.pub -s release.key >/dev/null && echo wrong-pass | minisign -S -s release.key -m app-1.4.tar.gz"),
    c('secret-key-missing', 'AUTH_REQUIRED', 'minisign -S -s keys/release.key -m app-1.4.tar.gz'),
    c('signature-missing', 'ERROR_RESPONSE', `${key} && minisign -V -p release.pub -m app-1.4.tar.gz`),
    c('signature-malformed', 'ERROR_RESPONSE', `${key} && printf 'untrusted comment: x\\nnot base64\\n' > app-1.4.tar.gz.minisig && minisign -V -p release.pub -m app-1.4.tar.gz`),
    c('key-exists', 'ERROR_RESPONSE', `${key} && minisign -G -W -p release.pub -s release.key`),
    // A public key file the option names is not there: a missing file, not a credential (nothing secret is missing).
    c('public-key-missing', 'ERROR_RESPONSE', `${signed} && minisign -V -p keys/release.pub -m app-1.4.tar.gz`),
  ];
}

function imagemagick() {
  // /usr/bin's programs: ImageMagick 6 as Debian installs it (its policy.xml, its delegates).
  const c = (id, type, cmd, files = {}) => tool('imagemagick')(id, type, cmd, files);
  const png = '/usr/bin/convert -size 64x64 xc:steelblue logo.png';
  return [
    c('missing-file', 'ERROR_RESPONSE', '/usr/bin/convert assets/logo.png -resize 50% public/logo.png'),
    c('not-an-image', 'ERROR_RESPONSE', '/usr/bin/convert logo.png -resize 50% logo-small.png', { 'logo.png': '404 Not Found\n' }),
    c('cache-exhausted', 'RESOURCE_EXHAUSTION', '/usr/bin/convert -limit memory 1MiB -limit map 1MiB -limit disk 1MiB -size 4000x4000 xc:white banner.png'),
    c('width-limit', 'RESOURCE_EXHAUSTION', '/usr/bin/convert -limit width 2000 -size 4000x300 xc:white banner.png'),
    // Ambiguous: "not allowed by the security policy" is the tool's policy on a format, not the run reaching for sensitive paths.
    c('policy-pdf', 'ERROR_RESPONSE', `${png} && /usr/bin/convert logo.png report.pdf`),
    c('bad-geometry', 'ERROR_RESPONSE', `${png} && /usr/bin/convert logo.png -crop 10x10+a+b logo-crop.png`),
    c('unknown-option', 'ERROR_RESPONSE', `${png} && /usr/bin/convert logo.png -sharpenn 2 logo-sharp.png`),
    c('output-dir', 'ERROR_RESPONSE', `${png} && /usr/bin/convert logo.png -resize 50% public/img/logo.png`),
  ];
}

/** Every case of this part. */
export function firstSightFormatCases() {
  return [...xmllint(), ...protoc(), ...age(), ...minisign(), ...imagemagick()];
}
