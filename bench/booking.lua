-- wrk script: booking requests from many signed-in travellers for random guides and days.
-- The travellers' tokens and the guide ids come from prepare_bookings.py (BOOKING_DATA).
dofile(os.getenv("BOOKING_DATA"))
local counter = 0
local thread_id = 0

function setup(thread)
  thread_id = thread_id + 1
  thread:set("tid", thread_id)
end

-- Each thread its own random sequence, or both threads would ask for the same days.
function init(args)
  math.randomseed(os.time() * 100 + (tid or 0))
end

function request()
  counter = counter + 1
  local token = tokens[math.random(#tokens)]
  local guide = guides[math.random(#guides)]
  local day = os.date("!%Y-%m-%d", os.time() + 86400 * math.random(2, 700))
  local body = string.format('{"guideId":"%s","selectedDate":"%s","selectedTime":"10:00","groupSize":%d}', guide, day, math.random(1, 6))
  local headers = {
    ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. token,
    ["Idempotency-Key"] = string.format("bench-%d-%d-%d", tid or 0, counter, math.random(1e9)),
  }
  return wrk.format("POST", nil, headers, body)
end
