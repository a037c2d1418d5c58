-- Each request a path drawn at random from the file VARIED_URLS (one per line), so that
-- the answer cache only helps as much as travellers' real variety lets it.
local paths = {}
for line in io.lines(os.getenv("VARIED_URLS")) do
  if line ~= "" then paths[#paths + 1] = line end
end

function setup(thread)
  thread:set("seed", math.random(1, 1000000))
end

function init()
  math.randomseed(seed)
end

function request()
  return wrk.format("GET", paths[math.random(#paths)])
end
