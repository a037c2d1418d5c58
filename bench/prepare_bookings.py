"""Signs up N travellers on the server at URL and prints, as Lua, their access tokens and
the ids of the verified guides, for booking.lua."""
import json
import sys
import urllib.request
import uuid

from verified import mark_verified

url, count = sys.argv[1], int(sys.argv[2])
PASSWORD = "bench-traveller-password"


def call(method, path, body=None, token=None):
    request = urllib.request.Request(url + path, method=method, data=json.dumps(body).encode() if body else None)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


tokens = []
for i in range(count):
    email = f"bench-{uuid.uuid4().hex[:12]}@example.com"
    call("POST", "/api/v1/auth/signup", {"firstName": "Bench", "lastName": f"Traveller{i}", "email": email,
                                         "password": PASSWORD, "confirmPassword": PASSWORD, "role": "tourist"})
    mark_verified(email)
    tokens.append(call("POST", "/api/v1/auth/login", {"email": email, "password": PASSWORD})["token"])
guides = [g["_id"] for g in call("GET", "/api/v1/users/guides?limit=50")["guides"]]
print("tokens = {" + ", ".join(f'"{t}"' for t in tokens) + "}")
print("guides = {" + ", ".join(f'"{g}"' for g in guides) + "}")
