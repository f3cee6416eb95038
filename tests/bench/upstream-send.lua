-- wrk script: POST /api/client/sms/send with the bearer key from OGENE_BENCH_KEY, to a number whose receipts the test SMSC writes with the same id as its answer (what Kannel matches by default).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("OGENE_BENCH_KEY")
wrk.body = '{"recipient":"+2348031234510","sender_id":"Bench","message":"Your Ogene code is 123456"}'
