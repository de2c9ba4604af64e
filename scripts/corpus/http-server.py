"""A local HTTP server for the corpus: answers every request with the status, headers and body
given on the command line (or sleeps), so curl and kubectl print their real errors for them.
Usage: http-server.py PORT_FILE STATUS [BODY_FILE] [HEADER:VALUE ...]; STATUS "sleep" never answers.
With CORPUS_TLS_PEM set (a certificate and its key, see make-cert.py) it speaks HTTPS."""
import http.server, os, ssl, sys, time

port_file, status = sys.argv[1], sys.argv[2]
body = open(sys.argv[3], 'rb').read() if len(sys.argv) > 3 and sys.argv[3] != '-' else b''
headers = [h.split(':', 1) for h in sys.argv[4:]]

class Handler(http.server.BaseHTTPRequestHandler):
    def answer(self, with_body=True):
        if status == 'sleep':
            time.sleep(30)
            return
        self.send_response(int(status))
        self.send_header('Content-Type', 'application/json')
        for name, value in headers:
            self.send_header(name, value.strip())
        self.send_header('Content-Length', str(len(body)))
        self.end_headers()
        if with_body:
            self.wfile.write(body)
    # WebDAV's methods too (a Subversion client asks OPTIONS and PROPFIND first)
    do_GET = do_POST = do_PUT = do_DELETE = do_OPTIONS = do_PROPFIND = do_REPORT = answer
    def do_HEAD(self):
        # A HEAD request gets the status and headers, without the body (restic asks HEAD first).
        self.answer(with_body=False)
    def log_message(self, *args):
        pass

server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
if os.environ.get('CORPUS_TLS_PEM'):
    tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    tls.load_cert_chain(os.environ['CORPUS_TLS_PEM'])
    server.socket = tls.wrap_socket(server.socket, server_side=True)
open(port_file, 'w').write(str(server.server_address[1]))
server.serve_forever()
