/** python3 and pytest (with pytest-timeout): exceptions, test failures, collection errors. */

const PY_FAILS = {
  'syntax': ['def f(:\n    pass\n', 'BROKEN_BUILD'],
  'indent': ['def f():\nreturn 1\n', 'BROKEN_BUILD'],
  'unexpected-indent': ['x = 1\n    y = 2\n', 'BROKEN_BUILD'],
  'module': ['import numpy_not_installed\n', 'BROKEN_BUILD'],
  'import-name': ['from os import no_such_name\n', 'BROKEN_BUILD'],
  'name': ['print(undefined_name)\n', 'BROKEN_BUILD'],
  'type-error': ['def total(items):\n    return sum(items)\n\ntotal(["a", "b"])\n', 'CLI_CRASH'],
  'attribute': ['class User: pass\n\nUser().email.lower()\n', 'CLI_CRASH'],
  'zero-division': ['rate = 10 / 0\n', 'CLI_CRASH'],
  'index': ['items = []\nprint(items[0])\n', 'CLI_CRASH'],
  'value': ['int("twelve")\n', 'CLI_CRASH'],
  'recursion': ['def f(n):\n    return f(n + 1)\n\nf(0)\n', 'CLI_CRASH'],
  'json': ['import json\njson.loads("{\'a\': 1}")\n', 'JSON_PARSE_ERROR'],
  'json-empty': ['import json\njson.loads("")\n', 'JSON_PARSE_ERROR'],
  'connection-refused': ['import urllib.request\nurllib.request.urlopen("http://127.0.0.1:1/")\n', 'NETWORK'],
  'dns': ['import urllib.request\nurllib.request.urlopen("http://no-such-host.invalid/")\n', 'NETWORK'],
  'socket-refused': ['import socket\nsocket.create_connection(("127.0.0.1", 1))\n', 'NETWORK'],
  'socket-timeout': ['import socket\ns = socket.socket()\ns.bind(("127.0.0.1", 0))\ns.listen(1)\nc = socket.create_connection(s.getsockname(), timeout=0.2)\nc.recv(10)\n', 'TIMEOUT'],
  'memory': ['x = bytearray(1 << 44)\n', 'RESOURCE_EXHAUSTION'],
  'file-not-found': ['open("settings.ini").read()\n', 'ERROR_RESPONSE'],
  'subprocess-missing': ['import subprocess\nsubprocess.run(["kubectl-not-installed", "get", "pods"], check=True)\n', 'CLI_NOT_FOUND'],
  'called-process': ['import subprocess\nsubprocess.run(["false"], check=True)\n', 'ERROR_RESPONSE'],
  'assert': ['balance = 3\nassert balance == 4, "ledger does not balance"\n', 'VERIFICATION_FAILED'],
  'keyboard-interrupt': ['raise KeyboardInterrupt\n', 'USER_ABORT'],
  'timeout-error': ['import concurrent.futures, time\nwith concurrent.futures.ThreadPoolExecutor() as ex:\n    ex.submit(time.sleep, 1).result(timeout=0.1)\n', 'TIMEOUT'],
  'unicode': ['b"\\xff\\xfe\\xfa".decode("utf-8")\n', 'CLI_CRASH'],
  'not-implemented': ['class Base:\n    def run(self):\n        raise NotImplementedError("subclasses must implement run")\n\nBase().run()\n', 'CLI_CRASH'],
  'runtime-error': ['raise RuntimeError("event loop is closed")\n', 'CLI_CRASH'],
};

const PYTEST = {
  'assert-eq': ['def test_total():\n    assert 1 + 1 == 3\n', 'VERIFICATION_FAILED'],
  'assert-dict': ['def test_user():\n    assert {"id": 1, "role": "admin"} == {"id": 1, "role": "user"}\n', 'VERIFICATION_FAILED'],
  'assert-msg': ['def test_parse():\n    result = None\n    assert result is not None, "parser returned nothing"\n', 'VERIFICATION_FAILED'],
  'rate-limit-name': ['def test_rate_limit_handling():\n    retries = 0\n    assert retries == 3\n', 'VERIFICATION_FAILED'],
  'auth-name': ['def test_authentication_failed_returns_401():\n    status = 403\n    assert status == 401, "expected 401 Unauthorized"\n', 'VERIFICATION_FAILED'],
  'timeout-name': ['def test_timeout_is_respected():\n    timeout = 5\n    assert timeout == 10\n', 'VERIFICATION_FAILED'],
  'quota-name': ['def test_quota_exceeded_message():\n    msg = "You exceeded your current quota"\n    assert "billing" in msg\n', 'VERIFICATION_FAILED'],
  'raises': ['import pytest\n\ndef test_rejects():\n    with pytest.raises(ValueError):\n        int("1")\n', 'VERIFICATION_FAILED'],
  'exception-in-test': ['def test_load():\n    {}["missing"]\n', 'VERIFICATION_FAILED'],
  'approx': ['import pytest\n\ndef test_ratio():\n    assert 0.1 + 0.2 == pytest.approx(0.4)\n', 'VERIFICATION_FAILED'],
  'parametrize': ['import pytest\n\n@pytest.mark.parametrize("n", [1, 2, 3])\ndef test_even(n):\n    assert n % 2 == 0\n', 'VERIFICATION_FAILED'],
  'fixture-missing': ['def test_db(database_session):\n    assert database_session\n', 'BROKEN_BUILD'],
  'collect-import': ['from app.models import User\n\ndef test_user():\n    assert User\n', 'BROKEN_BUILD'],
  'collect-syntax': ['def test_x(:\n    pass\n', 'BROKEN_BUILD'],
  'xpass-strict': ['import pytest\n\n@pytest.mark.xfail(strict=True)\ndef test_known_bug():\n    assert True\n', 'VERIFICATION_FAILED'],
};

export function pythonCases() {
  const cases = [];
  for (const [name, [src, type]] of Object.entries(PY_FAILS)) {
    cases.push({ id: `python.${name}`, source: 'python3', type, files: { 'main.py': src }, cmd: 'python3 main.py' });
  }
  for (const [name, [src, type]] of Object.entries(PYTEST)) {
    cases.push({ id: `pytest.${name}`, source: 'pytest', type, files: { 'test_app.py': src }, cmd: 'python3 -m pytest -q -p no:cacheprovider' });
  }
  for (const [name, [src, type]] of Object.entries(PYTEST).slice(0, 4)) {
    cases.push({ id: `pytest.verbose.${name}`, source: 'pytest', type, files: { 'test_app.py': src }, cmd: 'python3 -m pytest -v -p no:cacheprovider --color=yes' });
  }
  const slow = 'import time\n\ndef test_slow_sync():\n    time.sleep(5)\n';
  cases.push({ id: 'pytest-timeout.signal', source: 'pytest-timeout', type: 'TIMEOUT', files: { 'test_app.py': slow }, cmd: '/usr/bin/python3 -m pytest -q -p no:cacheprovider --timeout=1' });
  cases.push({ id: 'pytest-timeout.thread', source: 'pytest-timeout', type: 'TIMEOUT', files: { 'test_app.py': slow }, cmd: '/usr/bin/python3 -m pytest -q -p no:cacheprovider --timeout=1 --timeout-method=thread' });
  cases.push({ id: 'pytest-timeout.marker', source: 'pytest-timeout', type: 'TIMEOUT', files: { 'test_app.py': 'import time, pytest\n\n@pytest.mark.timeout(1)\ndef test_fetch_feed():\n    time.sleep(4)\n' }, cmd: '/usr/bin/python3 -m pytest -p no:cacheprovider' });
  // This machine's pip also reads local indexes, so the unreachable one goes unmentioned: the text says "no such package".
  cases.push({ id: 'pip.no-such-package', source: 'pip', type: 'BROKEN_BUILD', files: {}, cmd: 'python3 -m pip install --index-url http://127.0.0.1:1/simple --retries 0 --timeout 2 requests-not-a-real-pkg' });
  cases.push({ id: 'pip.requirements-missing', source: 'pip', type: 'ERROR_RESPONSE', files: {}, cmd: 'python3 -m pip install -r requirements-dev.txt' });
  cases.push({ id: 'pip.bad-requirement', source: 'pip', type: 'BROKEN_BUILD', files: { 'requirements.txt': 'requests>=2.0,,<3\n' }, cmd: 'python3 -m pip install --no-index -r requirements.txt' });
  cases.push({ id: 'pip.no-index', source: 'pip', type: 'BROKEN_BUILD', files: {}, cmd: 'python3 -m pip install --no-index leftpad-not-here==1.0' });
  return cases;
}
