/** psql against a real PostgreSQL server, redis-cli against a real redis-server, mysql, java/javac/mvn. */

/** psql cases; $PGPORT names the server started by the generator (scram auth, user "app" / "secret"). */
export const PSQL_CASES = [
  { id: 'psql.refused', type: 'NETWORK', cmd: 'psql -h 127.0.0.1 -p 1 -U app -c "select 1"' },
  { id: 'psql.bad-password', type: 'AUTH_REQUIRED', cmd: 'PGPASSWORD=wrong psql -h 127.0.0.1 -p $PGPORT -U app -d app -c "select 1"' },
  { id: 'psql.no-password', type: 'AUTH_REQUIRED', cmd: 'psql -w -h 127.0.0.1 -p $PGPORT -U app -d app -c "select 1"' },
  { id: 'psql.unknown-role', type: 'AUTH_REQUIRED', cmd: 'PGPASSWORD=x psql -h 127.0.0.1 -p $PGPORT -U reporting -d app -c "select 1"' },
  { id: 'psql.unknown-db', type: 'ERROR_RESPONSE', cmd: 'PGPASSWORD=secret psql -h 127.0.0.1 -p $PGPORT -U app -d analytics -c "select 1"' },
  { id: 'psql.syntax', type: 'BROKEN_BUILD', cmd: 'PGPASSWORD=secret psql -v ON_ERROR_STOP=1 -h 127.0.0.1 -p $PGPORT -U app -d app -c "selec id from users"' },
  { id: 'psql.no-relation', type: 'ERROR_RESPONSE', cmd: 'PGPASSWORD=secret psql -v ON_ERROR_STOP=1 -h 127.0.0.1 -p $PGPORT -U app -d app -c "select * from invoices"' },
  { id: 'psql.unique', type: 'ERROR_RESPONSE', cmd: 'PGPASSWORD=secret psql -v ON_ERROR_STOP=1 -h 127.0.0.1 -p $PGPORT -U app -d app -c "create temp table t (id int primary key); insert into t values (1), (1);"' },
  { id: 'psql.permission', type: 'AUTH_REQUIRED', cmd: 'PGPASSWORD=secret psql -v ON_ERROR_STOP=1 -h 127.0.0.1 -p $PGPORT -U limited -d app -c "create database other"' },
  { id: 'psql.statement-timeout', type: 'TIMEOUT', cmd: 'PGPASSWORD=secret PGOPTIONS="-c statement_timeout=200" psql -v ON_ERROR_STOP=1 -h 127.0.0.1 -p $PGPORT -U app -d app -c "select pg_sleep(3)"' },
  { id: 'psql.division', type: 'ERROR_RESPONSE', cmd: 'PGPASSWORD=secret psql -v ON_ERROR_STOP=1 -h 127.0.0.1 -p $PGPORT -U app -d app -c "select 1/0"' },
  { id: 'psql.too-many-connections', type: 'RESOURCE_EXHAUSTION', cmd: 'for i in 1 2 3 4 5 6; do PGPASSWORD=secret psql -h 127.0.0.1 -p $PGPORT -U app -d app -c "select pg_sleep(3)" >/dev/null 2>&1 & done; sleep 1; PGPASSWORD=secret psql -h 127.0.0.1 -p $PGPORT -U app -d app -c "select 1"; rc=$?; wait; exit $rc' },
  { id: 'psql.socket-missing', type: 'NETWORK', cmd: 'psql -h /work/scratch/nosocket -U app -c "select 1"' },
];

/** redis-cli cases; $REDISPORT names a server with requirepass "secret" and maxmemory 1mb noeviction. */
export const REDIS_CASES = [
  { id: 'redis.refused', type: 'NETWORK', cmd: 'redis-cli -p 1 ping' },
  { id: 'redis.noauth', type: 'AUTH_REQUIRED', cmd: 'out=$(redis-cli -p $REDISPORT set k v); echo "$out"; [ "$out" = OK ]' },
  { id: 'redis.wrongpass', type: 'AUTH_REQUIRED', cmd: 'redis-cli -p $REDISPORT --no-auth-warning -a wrong ping; exit 1' },
  { id: 'redis.wrongtype', type: 'ERROR_RESPONSE', cmd: 'redis-cli -p $REDISPORT --no-auth-warning -a secret set s v >/dev/null; out=$(redis-cli -p $REDISPORT --no-auth-warning -a secret lpush s x); echo "$out"; [ "$out" != "${out#WRONGTYPE}" ] && exit 1' },
  { id: 'redis.unknown-command', type: 'ERROR_RESPONSE', cmd: 'redis-cli -p $REDISPORT --no-auth-warning -a secret jsonget doc; exit 1' },
];

export const MYSQL_CASES = [
  { id: 'mysql.refused', type: 'NETWORK', cmd: 'mysql -h 127.0.0.1 -P 1 -u app -psecret -e "select 1"' },
  { id: 'mysql.socket', type: 'NETWORK', cmd: 'mysql -u app -psecret --socket=/work/scratch/mysqld.sock -e "select 1"' },
  { id: 'mysql.dns', type: 'NETWORK', cmd: 'mysql -h db.no-such-host.invalid -u app -psecret -e "select 1"' },
];

const JAVA_RUNTIME = {
  'npe': ['public class Main { public static void main(String[] a) { String s = null; System.out.println(s.length()); } }\n', 'CLI_CRASH'],
  'oom': ['import java.util.*;\npublic class Main { public static void main(String[] a) { List<long[]> keep = new ArrayList<>(); while (true) keep.add(new long[1_000_000]); } }\n', 'RESOURCE_EXHAUSTION'],
  'stack': ['public class Main { static int f(int n) { return f(n + 1) + 1; } public static void main(String[] a) { f(0); } }\n', 'CLI_CRASH'],
  'class-cast': ['public class Main { public static void main(String[] a) { Object o = "x"; Integer i = (Integer) o; } }\n', 'CLI_CRASH'],
  'index': ['public class Main { public static void main(String[] a) { int[] x = new int[2]; x[5] = 1; } }\n', 'CLI_CRASH'],
  'number-format': ['public class Main { public static void main(String[] a) { Integer.parseInt("twelve"); } }\n', 'CLI_CRASH'],
  'connect': ['import java.net.*;\npublic class Main { public static void main(String[] a) throws Exception { new Socket("127.0.0.1", 1); } }\n', 'NETWORK'],
  'unknown-host': ['import java.net.*;\npublic class Main { public static void main(String[] a) throws Exception { new Socket("db.no-such-host.invalid", 5432); } }\n', 'NETWORK'],
  'socket-timeout': ['import java.net.*;\npublic class Main { public static void main(String[] a) throws Exception { ServerSocket s = new ServerSocket(0); Socket c = new Socket("127.0.0.1", s.getLocalPort()); c.setSoTimeout(200); c.getInputStream().read(); } }\n', 'TIMEOUT'],
  'file-not-found': ['import java.io.*;\npublic class Main { public static void main(String[] a) throws Exception { new FileReader("application.yml"); } }\n', 'ERROR_RESPONSE'],
  'illegal-state': ['public class Main { public static void main(String[] a) { throw new IllegalStateException("connection pool is closed"); } }\n', 'CLI_CRASH'],
};

const JAVAC_BROKEN = {
  'symbol': 'public class Main { public static void main(String[] a) { System.out.println(total); } }\n',
  'semicolon': 'public class Main { public static void main(String[] a) { int x = 1 System.out.println(x); } }\n',
  'types': 'public class Main { public static void main(String[] a) { int x = "five"; } }\n',
  'package': 'import com.acme.billing.Invoice;\npublic class Main { public static void main(String[] a) { } }\n',
  'unreported': 'public class Main { public static void main(String[] a) { Thread.sleep(10); } }\n',
  'class-name': 'public class Application { public static void main(String[] a) { } }\n',
  'timeout-ident': 'public class Main { public static void main(String[] a) throws Exception { Thread.sleep(timeout); } }\n',
  'missing-return': 'public class Main { static int f() { } public static void main(String[] a) { } }\n',
};

const POM = (deps = '') => `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion><groupId>com.acme</groupId><artifactId>app</artifactId><version>1.0</version>
<properties><maven.compiler.source>17</maven.compiler.source><maven.compiler.target>17</maven.compiler.target><project.build.sourceEncoding>UTF-8</project.build.sourceEncoding></properties>
<dependencies><dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter</artifactId><version>5.10.2</version><scope>test</scope></dependency>${deps}</dependencies>
<build><plugins><plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-resources-plugin</artifactId><version>3.3.1</version></plugin><plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version></plugin><plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-surefire-plugin</artifactId><version>3.2.5</version></plugin></plugins></build></project>
`;

export function jvmCases() {
  const cases = [];
  for (const [name, [src, type]] of Object.entries(JAVA_RUNTIME)) cases.push({ id: `java.${name}`, source: 'java', type, files: { 'Main.java': src }, cmd: `javac Main.java && java ${name === 'oom' ? '-Xmx32m ' : ''}Main` });
  for (const [name, src] of Object.entries(JAVAC_BROKEN)) cases.push({ id: `javac.${name}`, source: 'javac', type: 'BROKEN_BUILD', files: { [name === 'class-name' ? 'Main.java' : 'Main.java']: src }, cmd: 'javac Main.java' });
  cases.push({ id: 'java.no-main-class', source: 'java', type: 'BROKEN_BUILD', cmd: 'java com.acme.Main' });
  // JUnit 5 and plugin versions that the machine's ~/.m2 holds, so `mvn -o` runs the tests.
  const test = 'import org.junit.jupiter.api.Test;\nimport static org.junit.jupiter.api.Assertions.*;\npublic class CalcTest {\n  @Test void adds() { assertEquals(4, Calc.add(2, 2)); }\n  @Test void testRateLimitHandling() { assertTrue(Calc.add(1, 1) == 3, "limiter should allow"); }\n}\n';
  const calc = 'public class Calc { public static int add(int a, int b) { return a - b; } }\n';
  cases.push({ id: 'mvn.test-failure', source: 'maven', type: 'VERIFICATION_FAILED', files: { 'pom.xml': POM(), 'src/main/java/Calc.java': calc, 'src/test/java/CalcTest.java': test }, cmd: 'mvn -o -B -q test' });
  cases.push({ id: 'mvn.test-failure-verbose', source: 'maven', type: 'VERIFICATION_FAILED', files: { 'pom.xml': POM(), 'src/main/java/Calc.java': calc, 'src/test/java/CalcTest.java': test }, cmd: 'mvn -o -B test' });
  cases.push({ id: 'mvn.compile-error', source: 'maven', type: 'BROKEN_BUILD', files: { 'pom.xml': POM(), 'src/main/java/Calc.java': 'public class Calc { int x = ; }\n' }, cmd: 'mvn -o -B -q compile' });
  cases.push({ id: 'mvn.missing-dependency', source: 'maven', type: 'BROKEN_BUILD', files: { 'pom.xml': POM('<dependency><groupId>com.acme</groupId><artifactId>billing-client</artifactId><version>9.9.9</version></dependency>'), 'src/main/java/Calc.java': calc }, cmd: 'mvn -o -B -q compile' });
  cases.push({ id: 'mvn.bad-pom', source: 'maven', type: 'BROKEN_BUILD', files: { 'pom.xml': '<project><modelVersion>4.0.0</modelVersion><groupId>x</groupId>\n' }, cmd: 'mvn -o -B -q compile' });
  cases.push({ id: 'mvn.no-pom', source: 'maven', type: 'BROKEN_BUILD', cmd: 'mvn -o -B -q package' });
  return cases;
}
