-- wrk script: Kannel's GET /cgi-bin/sendsms with a dlr-url, user and counter port from the environment.
local user = os.getenv("KANNEL_USER")
local password = os.getenv("KANNEL_PASSWORD")
local dlr = "http%3A%2F%2F127.0.0.1%3A" .. os.getenv("DLR_PORT") .. "%2Fdlr%3Ftype%3D%25d"
request = function()
  return wrk.format("GET", "/cgi-bin/sendsms?username=" .. user .. "&password=" .. password ..
    "&from=Bench&to=%2B2348031234510&text=Your+Ogene+code+is+123456&dlr-mask=3&dlr-url=" .. dlr)
end
