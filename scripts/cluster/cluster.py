"""Yatra as several replicas on one machine: a new PostgreSQL database on 127.0.0.1:5432,
moto as the S3 server with a bucket, `yatra migrate` and `yatra seed --demo` once, three
`yatra serve` replicas sharing the secret, database and bucket, and HAProxy in front
(deploy/haproxy.cfg).

    cluster.py serve BINARY   `make cluster`: in the foreground until Ctrl-C
    cluster.py test BINARY    `make cluster-test`: journeys through the balancer, the soak
                              with replicas killed and restarted, then a backup restored

Stops only the processes it started and drops only the database it created."""
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PSQL = ["psql", "-h", "127.0.0.1", "-U", "postgres", "-v", "ON_ERROR_STOP=1", "-qtA"]
REPLICAS = 3


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def psql(sql, database="postgres"):
    return subprocess.run(PSQL + ["-d", database, "-c", sql], check=True, capture_output=True, text=True).stdout.strip()


def answers(url, timeout=1.0):
    """The status of GET url, or None when nothing answers."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return None


def wait_until(what, ready, seconds=60, process=None, log=None):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if ready():
            return
        if process is not None and process.poll() is not None:
            break
        time.sleep(0.1)
    detail = open(log).read()[-3000:] if log and os.path.exists(log) else ""
    raise RuntimeError(f"{what} did not start\n{detail}")


class Cluster:
    def __init__(self, binary, lb_port, rate_limits=True):
        self.binary = binary
        self.dir = tempfile.mkdtemp(prefix="yatra-cluster.")
        # One data folder for every replica: with no SMTP server each email is written to
        # <data dir>/outbox/<id>.eml, and the journeys read them there whichever replica sent it.
        self.data_dir = os.path.join(self.dir, "data")
        os.makedirs(self.data_dir)
        self.database = "yatra_cluster_" + secrets.token_hex(6)
        self.database_url = f"postgres://postgres@127.0.0.1:5432/{self.database}"
        self.lb_url = f"http://127.0.0.1:{lb_port}"
        self.lb_port = lb_port
        self.ports = [free_port() for _ in range(REPLICAS)]
        self.replicas = [None] * REPLICAS
        self.others = []  # moto, haproxy
        self.database_created = False
        self.env = dict(os.environ)
        self.env.update({
            "YATRA_DATABASE_URL": self.database_url,
            "YATRA_DATA_DIR": self.data_dir,
            "YATRA_WEB_DIR": os.path.join(ROOT, "web", "dist"),
            "YATRA_JWT_SECRET": secrets.token_urlsafe(48),
            "YATRA_PUBLIC_URL": self.lb_url,
            "YATRA_TRUST_PROXY": "true",
            # 3 replicas x 10 = 30 of PostgreSQL's default 100 connections.
            "YATRA_DB_MAX_CONNECTIONS": "10",
            "YATRA_PAYMENTS_SANDBOX": "true",
            # The sandbox's Khalti and eSewa checkouts charge in rupees at this rate.
            "YATRA_NPR_PER_USD": "133.5",
            "YATRA_EMAIL_POLL_MS": "100",
            "YATRA_SWEEP_EVERY": "1s",
            "YATRA_RATE_LIMITS": "true" if rate_limits else "false",
            "YATRA_LOG": os.environ.get("YATRA_LOG", "warn"),
        })

    def log(self, name):
        return os.path.join(self.dir, name + ".log")

    def start(self):
        psql(f"CREATE DATABASE {self.database}")
        self.database_created = True
        self.start_s3()
        for command in (["migrate"], ["seed", "--demo"]):
            subprocess.run([self.binary, *command], env=self.env, check=True, stdout=subprocess.DEVNULL)
        for n in range(REPLICAS):
            self.launch_replica(n)
        for n in range(REPLICAS):
            self.wait_for_replica(n)
        self.start_haproxy()

    def start_s3(self):
        port = free_port()
        log = self.log("moto")
        moto = subprocess.Popen(["moto_server", "-p", str(port)], stdout=open(log, "w"), stderr=subprocess.STDOUT)
        self.others.append(moto)
        endpoint = f"http://127.0.0.1:{port}"
        wait_until("moto_server", lambda: answers(endpoint) is not None, process=moto, log=log)
        bucket = "yatra-media"
        # moto takes unsigned requests: creating the bucket needs no S3 client.
        urllib.request.urlopen(urllib.request.Request(f"{endpoint}/{bucket}", method="PUT"), timeout=10).close()
        self.env.update({"YATRA_S3_BUCKET": bucket, "YATRA_S3_ENDPOINT": endpoint, "YATRA_S3_REGION": "us-east-1",
                         "YATRA_S3_ACCESS_KEY_ID": "cluster", "YATRA_S3_SECRET_ACCESS_KEY": "cluster"})

    def start_replica(self, n):
        self.launch_replica(n)
        self.wait_for_replica(n)

    def launch_replica(self, n):
        env = dict(self.env, YATRA_ADDR=f"127.0.0.1:{self.ports[n]}")
        log = self.log(f"replica{n + 1}")
        self.replicas[n] = subprocess.Popen([self.binary, "serve"], env=env, stdout=open(log, "a"), stderr=subprocess.STDOUT)

    def wait_for_replica(self, n):
        wait_until(f"replica {n + 1}", lambda: answers(f"http://127.0.0.1:{self.ports[n]}/readyz") == 200,
                   seconds=120, process=self.replicas[n], log=self.log(f"replica{n + 1}"))

    def stop_replica(self, n, sig):
        """Sends `sig` to replica n and waits for it to end."""
        process = self.replicas[n]
        process.send_signal(sig)
        process.wait(timeout=60)
        self.replicas[n] = None

    def start_haproxy(self):
        env = dict(self.env, YATRA_LB_ADDR=f"127.0.0.1:{self.lb_port}")
        for n, port in enumerate(self.ports):
            env[f"YATRA_REPLICA_{n + 1}"] = f"127.0.0.1:{port}"
        log = self.log("haproxy")
        haproxy = subprocess.Popen(["haproxy", "-db", "-f", os.path.join(ROOT, "deploy", "haproxy.cfg")], env=env,
                                   stdout=open(log, "w"), stderr=subprocess.STDOUT)
        self.others.append(haproxy)
        wait_until("haproxy", lambda: answers(self.lb_url + "/readyz") == 200, process=haproxy, log=log)

    def healthy(self):
        """None, or what has died."""
        for n, process in enumerate(self.replicas):
            if process is not None and process.poll() is not None:
                return f"replica {n + 1} exited ({process.returncode}); see {self.log(f'replica{n + 1}')}"
        for process in self.others:
            if process.poll() is not None:
                return f"{process.args[0]} exited ({process.returncode})"
        return None

    def show_logs(self):
        for name in [f"replica{n + 1}" for n in range(REPLICAS)] + ["haproxy", "moto"]:
            path = self.log(name)
            if os.path.exists(path):
                lines = open(path, errors="replace").read().splitlines()[-25:]
                print(f"--- {name} log (last {len(lines)} lines) ---", *lines, sep="\n")

    def stop(self):
        for process in [p for p in self.replicas if p is not None] + self.others[::-1]:
            if process.poll() is None:
                process.terminate()
        for process in [p for p in self.replicas if p is not None] + self.others:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if self.database_created:
            psql(f"DROP DATABASE IF EXISTS {self.database} WITH (FORCE)")
        shutil.rmtree(self.dir, ignore_errors=True)


def serve(binary):
    port = int(os.environ.get("YATRA_CLUSTER_PORT", "8080"))
    if answers(f"http://127.0.0.1:{port}/", 0.5) is not None:
        sys.exit(f"Something already answers on 127.0.0.1:{port}; set YATRA_CLUSTER_PORT to another port.")
    cluster = Cluster(binary, port)
    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(1))
    try:
        cluster.start()
        print(f"Yatra on {cluster.lb_url} through HAProxy; replicas on ports {', '.join(map(str, cluster.ports))}; "
              f"PostgreSQL database {cluster.database}; logs in {cluster.dir}. Ctrl-C stops it all.", flush=True)
        while not stopping:
            problem = cluster.healthy()
            if problem:
                print(problem, file=sys.stderr)
                return 1
            time.sleep(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        print("stopping the cluster...", flush=True)
        cluster.stop()
    return 0


def test(binary):
    from soak import soak
    from backup import backup_and_restore

    started = time.monotonic()
    # The soak signs up and books from one address far beyond what the per-address limits
    # allow a person: like `make bench`, the test cluster runs without them.
    cluster = Cluster(binary, free_port(), rate_limits=False)
    ok = False
    try:
        cluster.start()
        print(f"== cluster: HAProxy {cluster.lb_url}, replicas {cluster.ports}, database {cluster.database}", flush=True)
        print("== browser journeys through the balancer", flush=True)
        env = dict(cluster.env, E2E_BASE_URL=cluster.lb_url, YATRA_URL=cluster.lb_url, YATRA_BIN=binary)
        journeys = subprocess.run(["npm", "run", "--silent", "e2e"], cwd=os.path.join(ROOT, "web"), env=env)
        if journeys.returncode != 0:
            print("FAILED: the browser journeys")
            return 1
        print("== soak: travellers book, guides approve, travellers pay, cancel and write, while replicas die", flush=True)
        if not soak(cluster):
            return 1
        print("== backup (pg_dump), write more, restore into a new database, compare", flush=True)
        if not backup_and_restore(cluster):
            return 1
        problem = cluster.healthy()
        if problem:
            print("FAILED:", problem)
            return 1
        ok = True
        return 0
    finally:
        if not ok:
            cluster.show_logs()
        cluster.stop()
        print(f"make cluster-test: {'passed' if ok else 'FAILED'} in {time.monotonic() - started:.0f} s", flush=True)


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    mode, binary = sys.argv[1], os.path.abspath(sys.argv[2])
    sys.exit(serve(binary) if mode == "serve" else test(binary))
