-- wrk script: POST a valid login for a demo account.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"email":"traveller@demo.yatra.np","password":"namaste-yatra"}'
