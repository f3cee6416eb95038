-- wrk script: POST /api/client/sms/send with the bearer key from OGENE_BENCH_KEY.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("OGENE_BENCH_KEY")
wrk.body = '{"recipient":"+2348031234567","sender_id":"Bench","message":"Your Ogene code is 123456"}'
