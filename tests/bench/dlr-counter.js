// Counts the delivery reports Kannel calls its dlr-url with, for tests/bench/upstream-throughput.sh.
// GET /count answers how many have come; every other request counts as one report.
'use strict';
const http = require('http');
let reports = 0;
const server = http.createServer((request, response) => {
  if (request.url === '/count') {
    response.end(String(reports));
    return;
  }
  reports++;
  response.end('ok');
});
server.listen(Number(process.argv[2] || 0), '127.0.0.1', () => console.log(server.address().port));
