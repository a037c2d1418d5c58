"""Soak of the money path: TRAVELLERS concurrent travellers book demo guides, the guides
approve, the travellers pay in the sandbox checkout (some pay twice, as an impatient
double click would), for SECONDS. Then the client's own tally is checked against the
database: every booking made is there once, every payment made is there once, and each
paid booking told both sides once. Exits non-zero on any mismatch.

Usage: soak.py URL TRAVELLERS SECONDS (the server's SQLite file is found through
YATRA_DATA_DIR, as scripts/with-server.sh sets it)."""
import json
import os
import random
import sqlite3
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid

from verified import mark_verified

url, travellers, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
PASSWORD = "soak-traveller-password"
DEMO_PASSWORD = "namaste-yatra"
here = os.path.dirname(os.path.abspath(__file__))


def call(method, path, body=None, token=None, headers=None):
    """(status, json body) of a request; network errors are raised."""
    request = urllib.request.Request(url + path, method=method, data=json.dumps(body).encode() if body is not None else None)
    request.add_header("Content-Type", "application/json")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def login(email, password):
    status, body = call("POST", "/api/v1/auth/login", {"email": email, "password": password})
    assert status == 200, (email, status, body)
    return body["token"]


with open(os.path.join(here, "..", "server", "src", "seed", "data", "guides.json")) as f:
    guide_emails = [g["email"] for g in json.load(f) if g["verified"]] + ["guide@demo.yatra.np"]
guides = {}
for email in guide_emails:
    token = login(email, DEMO_PASSWORD)
    status, body = call("GET", "/api/v1/guides/guide-profile", token=token)
    guides[body["data"]["_id"]] = token
guide_ids = list(guides)

tally_lock = threading.Lock()
tally = {"requested": 0, "approved": 0, "paid": 0, "refused": 0, "errors": 0, "requests": 0}
traveller_ids = []
deadline = time.monotonic() + seconds


def count(key, n=1):
    with tally_lock:
        tally[key] += n


def traveller(number):
    email = f"soak-{uuid.uuid4().hex[:12]}@example.com"
    call("POST", "/api/v1/auth/signup", {"firstName": "Soak", "lastName": f"Traveller{number}", "email": email,
                                         "password": PASSWORD, "confirmPassword": PASSWORD, "role": "tourist"})
    mark_verified(email)
    token = login(email, PASSWORD)
    with tally_lock:
        traveller_ids.append(call("GET", "/api/v1/auth/me", token=token)[1]["data"]["_id"])
    rng = random.Random(number)
    while time.monotonic() < deadline:
        guide_id = rng.choice(guide_ids)
        day = time.strftime("%Y-%m-%d", time.gmtime(time.time() + 86400 * rng.randint(2, 700)))
        key = uuid.uuid4().hex
        body = {"guideId": guide_id, "selectedDate": day, "selectedTime": "10:00", "groupSize": rng.randint(1, 6)}
        status, answer = call("POST", "/api/v1/tourists/booking/request", body, token, {"Idempotency-Key": key})
        count("requests")
        if status == 409:
            count("refused")
            continue
        if status != 201:
            count("errors")
            continue
        count("requested")
        booking_id = answer["data"]["_id"]
        # A retry with the same key must give the same booking, not a second one.
        again, replay = call("POST", "/api/v1/tourists/booking/request", body, token, {"Idempotency-Key": key})
        if again != 200 or replay["data"]["_id"] != booking_id:
            count("errors")
        status, _ = call("PATCH", "/api/v1/guides/booking/status", {"bookingId": booking_id, "action": "approve"}, guides[guide_id])
        count("requests", 2)
        if status == 409:
            # The guide already has a trip that day: decline, as a guide would.
            call("PATCH", "/api/v1/guides/booking/status", {"bookingId": booking_id, "action": "reject"}, guides[guide_id])
            count("refused")
            continue
        if status != 200:
            count("errors")
            continue
        count("approved")
        status, checkout = call("GET", f"/api/v1/tourists/stripe/create-session/{booking_id}", token=token)
        if status != 200:
            count("errors")
            continue
        session_id = checkout["sessionId"]
        payments = 2 if rng.random() < 0.3 else 1
        statuses = [call("POST", f"/api/v1/payments/sandbox/{session_id}/pay", {}, token)[0] for _ in range(payments)]
        count("requests", 1 + payments)
        if all(s == 200 for s in statuses):
            count("paid")
        else:
            count("errors")


started = time.monotonic()
threads = [threading.Thread(target=traveller, args=(n,)) for n in range(travellers)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
elapsed = time.monotonic() - started
print(f"  {tally['requests']} requests in {elapsed:.0f} s ({tally['requests'] / elapsed:.0f}/s): "
      f"{tally['requested']} booked, {tally['approved']} approved, {tally['paid']} paid, "
      f"{tally['refused']} refused (day taken), {tally['errors']} errors")

db = sqlite3.connect(os.path.join(os.environ["YATRA_DATA_DIR"], "yatra.db"))
marks = ",".join("?" * len(traveller_ids))
booked = db.execute(f"SELECT COUNT(*) FROM bookings WHERE tourist_id IN ({marks})", traveller_ids).fetchone()[0]
paid = db.execute(f"SELECT COUNT(*) FROM bookings WHERE tourist_id IN ({marks}) AND payment_status = 'paid'", traveller_ids).fetchone()[0]
payments = db.execute(
    f"SELECT COUNT(*) FROM payments p JOIN bookings b ON b.id = p.booking_id WHERE b.tourist_id IN ({marks}) AND p.status = 'paid'",
    traveller_ids).fetchone()[0]
told = db.execute(
    f"SELECT COUNT(*) FROM notifications n JOIN bookings b ON b.id = n.booking_id WHERE b.tourist_id IN ({marks}) AND n.kind = 'booking_paid'",
    traveller_ids).fetchone()[0]
checks = [
    ("bookings in the database = bookings made", booked, tally["requested"]),
    ("paid bookings = payments made", paid, tally["paid"]),
    ("paid payments = paid bookings", payments, paid),
    ("'paid' notifications = 2 per paid booking", told, 2 * paid),
    ("errors", tally["errors"], 0),
]
failed = False
for name, actual, expected in checks:
    ok = actual == expected
    failed |= not ok
    print(f"  {'ok ' if ok else 'BAD'} {name}: {actual} (expected {expected})")
print("  nothing lost or doubled" if not failed else "  MISMATCH: something was lost or doubled")
sys.exit(1 if failed else 0)
