"""Self-signed TLS certificates for the corpus's local HTTPS server, so clients print their real
trust errors: `valid` (self-signed for 127.0.0.1/localhost: no CA trusts it), `expired` (also past
its end date) and `wrong-host` (issued to another name). Usage: make-cert.py DIR; writes
DIR/<name>.pem (certificate then key)."""
import datetime, ipaddress, sys
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

out = sys.argv[1]
now = datetime.datetime.now(datetime.timezone.utc)
day = datetime.timedelta(days=1)
for name, host, start, end in [
    ('valid', 'localhost', now - day, now + 30 * day),
    ('expired', 'localhost', now - 60 * day, now - 30 * day),
    ('wrong-host', 'internal.example.com', now - day, now + 30 * day),
]:
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, host)])
    sans = [x509.DNSName(host)] + ([x509.IPAddress(ipaddress.ip_address('127.0.0.1'))] if host == 'localhost' else [])
    cert = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(start).not_valid_after(end)
            .add_extension(x509.SubjectAlternativeName(sans), critical=False).sign(key, hashes.SHA256()))
    with open(f'{out}/{name}.pem', 'wb') as f:
        f.write(cert.public_bytes(serialization.Encoding.PEM))
        f.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
