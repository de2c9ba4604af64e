"""A local FTP server for the corpus (pyftpdlib, run with the Python that has it: Debian's
python3-pyftpdlib), so an FTP client prints its real errors. Usage: ftp-server.py PORT_FILE HOME
[MODE]: users `ci` (password ftp-pass, may write) and `reader` (read-only), no anonymous access;
MODE `tls` speaks FTPS with the certificate and key in CORPUS_TLS_PEM (make-cert.py), `one` takes
one connection at a time."""
import os, sys
from pyftpdlib.authorizers import DummyAuthorizer
from pyftpdlib.handlers import FTPHandler, TLS_FTPHandler
from pyftpdlib.servers import FTPServer

port_file, home = sys.argv[1], sys.argv[2]
mode = sys.argv[3] if len(sys.argv) > 3 else ''
authorizer = DummyAuthorizer()
authorizer.add_user('ci', 'ftp-pass', home, perm='elradfmw')
authorizer.add_user('reader', 'read-pass', home, perm='elr')
handler = TLS_FTPHandler if mode == 'tls' else FTPHandler
if mode == 'tls':
    handler.certfile = os.environ['CORPUS_TLS_PEM']
handler.authorizer = authorizer
server = FTPServer(('127.0.0.1', 0), handler)
if mode == 'one':
    server.max_cons = 1
open(port_file, 'w').write(str(server.address[1]))
server.serve_forever(handle_exit=True)
