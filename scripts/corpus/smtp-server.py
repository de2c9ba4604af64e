"""A local SMTP server for the corpus: answers each command with the reply given on the command
line (a well-behaved server's reply otherwise), so an SMTP client prints its real error for it.
Usage: smtp-server.py PORT_FILE [COMMAND=REPLY ...]; COMMAND is GREETING, EHLO, STARTTLS, AUTH,
MAIL, RCPT or DATA; GREETING=sleep never greets. EHLO advertises STARTTLS (with CORPUS_TLS_PEM set,
a certificate and its key as make-cert.py writes them) and AUTH PLAIN LOGIN."""
import os, socket, ssl, sys, threading, time

port_file = sys.argv[1]
replies = dict(arg.split('=', 1) for arg in sys.argv[2:])
pem = os.environ.get('CORPUS_TLS_PEM')
ehlo = ['250-mail.example.test', '250-SIZE 10240000', '250-8BITMIME'] + (['250-STARTTLS'] if pem else []) + ['250 AUTH PLAIN LOGIN']


def serve(conn):
    f = conn.makefile('rwb')

    def say(line):
        f.write((line + '\r\n').encode())
        f.flush()

    if replies.get('GREETING') == 'sleep':
        time.sleep(60)
        return
    say(replies.get('GREETING', '220 mail.example.test ESMTP ready'))
    in_data = False
    for raw in f:
        line = raw.decode(errors='replace').rstrip('\r\n')
        if in_data:
            if line == '.':
                in_data = False
                say(replies.get('DATA', '250 2.0.0 Ok: queued as 4F2A1C'))
            continue
        verb = line.split(' ', 1)[0].upper()
        if verb in ('EHLO', 'HELO'):
            if 'EHLO' in replies:
                say(replies['EHLO'])
            else:
                for l in ehlo:
                    say(l)
        elif verb == 'STARTTLS':
            say(replies.get('STARTTLS', '220 2.0.0 Ready to start TLS'))
            if 'STARTTLS' not in replies:
                ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
                ctx.load_cert_chain(pem)
                try:
                    conn = ctx.wrap_socket(conn, server_side=True)
                except (ssl.SSLError, OSError):
                    return
                f = conn.makefile('rwb')
        elif verb == 'AUTH':
            say(replies.get('AUTH', '235 2.7.0 Authentication successful'))
        elif verb == 'MAIL':
            say(replies.get('MAIL', '250 2.1.0 Ok'))
        elif verb == 'RCPT':
            say(replies.get('RCPT', '250 2.1.5 Ok'))
        elif verb == 'DATA':
            reply = replies.get('DATA_START', '354 End data with <CR><LF>.<CR><LF>')
            say(reply)
            in_data = reply.startswith('354')
        elif verb == 'QUIT':
            say('221 2.0.0 Bye')
            return
        else:
            say('250 2.0.0 Ok')


server = socket.socket()
server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
server.bind(('127.0.0.1', 0))
server.listen(8)
with open(port_file, 'w') as out:
    out.write(str(server.getsockname()[1]))
while True:
    c, _ = server.accept()
    threading.Thread(target=serve, args=(c,), daemon=True).start()
