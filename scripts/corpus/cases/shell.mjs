/**
 * Shell pieces the first-sight case files share (scripts/corpus/cases/first-sight-*.mjs): how a
 * case is named, a tiny or read-only file system, root without the file-mode overrides, and the
 * local ports and servers a client is pointed at. One definition each; a case file that needs
 * another shape (a masked origin, tmpfs options) keeps its own.
 */

/** A family's case maker: `tool('lame')('disk-full', 'RESOURCE_EXHAUSTION', cmd, files)`; the origin is the command. */
export const tool = (family, extra0 = {}) => (id, type, cmd, files = {}, extra = {}) => ({ id: `${family}.${id}`, source: family, type, files, cmd, origin: cmd, timeoutMs: 60_000, ...extra0, ...extra });

/** Runs `cmd` with a `size` tmpfs (default 64 KiB) mounted at `dir`: a disk that fills at once. */
export const tinyFs = (dir, cmd, size = '64k') => `unshare --map-root-user --mount sh -c 'mkdir -p ${dir} && mount -t tmpfs -o size=${size} tmpfs ${dir} && ${cmd}'`;

/** Runs `cmd` with a read-only tmpfs mounted at `dir`. */
export const roFs = (dir, cmd) => `unshare --map-root-user --mount sh -c 'mkdir -p ${dir} && mount -t tmpfs -o size=1m,ro tmpfs ${dir} && ${cmd}'`;

/** Root without the capabilities that override file modes, so a mode-000 file refuses it. */
export const NOPRIV = 'setpriv --bounding-set=-dac_override,-dac_read_search';

/** Sets PORT to a port nobody listens on. */
export const REFUSED = 'export PORT=$(python3 -c "import socket; s=socket.socket(); s.bind((\'127.0.0.1\',0)); print(s.getsockname()[1])"); ';

/** Sets PORT to a free port (for a server the case starts). */
export const FREE = REFUSED;

/** A TCP server on $PORT that accepts and never says anything (held 30 s), started in the background. */
export const SILENT = `${FREE}python3 -c "import socket,time; s=socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(('127.0.0.1',$PORT)); s.listen(8); open('ready','w').close(); c=[s.accept() for _ in range(4)]; time.sleep(30)" & for i in $(seq 100); do [ -f ready ] && break; sleep 0.05; done; `;

/** A TCP server on $PORT that accepts and closes each connection at once. */
export const CLOSER = `${FREE}python3 -c "import socket; s=socket.socket(); s.bind(('127.0.0.1',$PORT)); s.listen(8); open('ready','w').close()
while True: c,_=s.accept(); c.close()" & for i in $(seq 100); do [ -f ready ] && break; sleep 0.05; done; `;

/** A TCP server (line-srv.py): "sleep" accepts and never answers, "reset" reads and resets. */
export const LINE_SRV = `import os, socket, struct, sys, time
mode = sys.argv[1]
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(('127.0.0.1', 0)); s.listen(5)
open('port.tmp', 'w').write(str(s.getsockname()[1])); os.rename('port.tmp', 'port')
while True:
    c, _ = s.accept()
    if mode == 'sleep': time.sleep(60); continue
    c.recv(100)
    c.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack('ii', 1, 0))
    c.close()
`;
/** `run` with $PORT set to line-srv.py's port in `mode` (Debian's python3); the server is stopped after, `run`'s exit status kept. */
export const serveLine = (mode, run) => `/usr/bin/python3 line-srv.py ${mode} >/dev/null 2>&1 & for i in $(seq 100); do [ -f port ] && break; sleep 0.05; done; export PORT=$(cat port); ${run}; r=$?; kill %1 2>/dev/null; exit $r`;
