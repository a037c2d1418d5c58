#!/usr/bin/env python3
"""URLs as travellers send them: for each mix, thousands of different ones, drawn at random
from what the catalogue holds (its guides' names, languages, interests, bio words and
towns; its tours). Writes one file per mix into OUT_DIR, a path per line, for varied.lua.

Usage: varied.py BASE_URL OUT_DIR [COUNT]   (BASE_URL ends in /api/v1)
Prints the mixes' names, one per line, as `name<TAB>file`.
"""

import json
import random
import re
import sys
import urllib.parse
import urllib.request

base, out_dir = sys.argv[1], sys.argv[2]
count = int(sys.argv[3]) if len(sys.argv) > 3 else 4000
rng = random.Random(2026)
prefix = urllib.parse.urlparse(base).path


def get(path):
    with urllib.request.urlopen(base + path, timeout=120) as response:
        return json.load(response)


# A sample of guides spread over the whole list: their ids, words and towns.
total_pages = get("/users/guides?limit=50")["totalPages"]
guides = []
for page in rng.sample(range(1, total_pages + 1), min(80, total_pages)):
    guides += get(f"/users/guides?limit=50&page={page}")["guides"]
ids = [g["_id"] for g in guides]
word_re = re.compile(r"[^\W\d_]{4,}")
words, towns, languages = set(), set(), set()
for g in guides:
    languages.update(g.get("expertiseLanguages") or [])
    text = " ".join(
        [g.get("firstName", ""), g.get("lastName", ""), g.get("bio", "") or ""]
        + (g.get("expertiseLanguages") or [])
        + (g.get("interests") or [])
    )
    words.update(w.lower() for w in word_re.findall(text))
    address = (g.get("address") or (g.get("contactInfo") or {}).get("address") or "").strip()
    if address:
        towns.add(address.split(",")[0].strip())
words, towns, languages = sorted(words), sorted(towns), sorted(languages)

tour_pages = get("/users/tours?limit=50")["totalPages"]
tours = []
for page in rng.sample(range(1, tour_pages + 1), min(40, tour_pages)):
    tours += get(f"/users/tours?limit=50&page={page}")["tours"]
tour_ids = [t["_id"] for t in tours]
tour_words = sorted({w.lower() for t in tours for w in word_re.findall(t["title"] + " " + t["summary"])})

q = urllib.parse.quote
categories = ["trekking", "cultural", "adventure", "wildlife", "food", "historical", "nature"]
sorts = ["rating", "price_asc", "price_desc", "reviews"]
tour_sorts = ["rating", "price_asc", "price_desc", "days_asc", "days_desc"]

mixes = {
    "guides: list, pages 1-1000": lambda: f"/users/guides?page={rng.randint(1, 1000)}&limit=10",
    "guides: category, pages 1-30": lambda: f"/users/guides?category={rng.choice(categories)}&page={rng.randint(1, 30)}&limit=10",
    "search: two words": lambda: f"/users/search?query={q(' '.join(rng.sample(words, 2)))}&limit=12",
    "search: a town, pages 1-5": lambda: f"/users/search?address={q(rng.choice(towns))}&page={rng.randint(1, 5)}&limit=12",
    "search: words + town + language + price + sort": lambda: (
        f"/users/search?query={q(rng.choice(words))}&address={q(rng.choice(towns))}"
        f"&language={q(rng.choice(languages))}&maxPrice={rng.randrange(30, 200, 10)}"
        f"&sort={rng.choice(sorts)}&limit=12"
    ),
    "a guide's page": lambda: f"/users/guide/{rng.choice(ids)}",
    "tours: list, pages 1-1000": lambda: f"/users/tours?page={rng.randint(1, 1000)}&limit=12&sort={rng.choice(tour_sorts)}",
    "tours: days + group + price": lambda: (
        f"/users/tours?minDays={rng.randint(1, 8)}&maxDays={rng.randint(8, 20)}"
        f"&groupSize={rng.randint(1, 6)}&maxPrice={rng.randrange(200, 3000, 100)}&limit=12"
    ),
    "tours: words": lambda: f"/users/tours?q={q(rng.choice(tour_words))}&sort={rng.choice(tour_sorts)}&limit=12",
    "a tour's page": lambda: f"/users/tour/{rng.choice(tour_ids)}",
    "a tour's quote": lambda: (
        f"/users/tour/{rng.choice(tour_ids)}/quote?groupSize=1&nationality={rng.choice(['saarc', 'other'])}"
    ),
}

for n, (name, make) in enumerate(mixes.items()):
    seen = set()
    tries = 0
    while len(seen) < count and tries < count * 20:
        seen.add(prefix + make())
        tries += 1
    path = f"{out_dir}/mix{n}.txt"
    with open(path, "w") as out:
        out.write("\n".join(sorted(seen)) + "\n")
    print(f"{name} ({len(seen)} URLs)\t{path}")
