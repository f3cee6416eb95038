// A carrier SMSC for Ogene's tests of its SMPP upstream gateway, on the npm `smpp` package: an SMPP
// implementation Ogene did not write. It prints one JSON line per event on stdout, and behaves by
// the last three digits XYZ of each destination number:
//   X  0 accept · 1 answer ESME_RTHROTTLED (0x58) the first time the number is seen, then accept ·
//      2 reject with ESME_RINVDSTADR (0x0B) · 3 the first time the number is seen, drop the link
//      without answering anything in the window, then accept · 4 accept, receipt UNDELIV
//   Y  how ids are written: 0 submit_sm_resp hex, receipt text decimal, no receipted_message_id ·
//      1 hex, text hex, no TLV · 2 hex, TLV hex and text decimal · 3 decimal, text hex, no TLV ·
//      4 decimal, TLV decimal and text decimal
// Usage: node smsc.js [--port N] [--system-id ID] [--password PW] [--receipt-delay-ms MS] [--quiet 1] [--stay 1]
// --quiet (for benchmarks): no line per PDU, only a "stats" line of counts every second.
// It ends when its standard input closes (the test that started it is gone), unless --stay is given.
'use strict';
const smpp = require('smpp');

const options = {port: 0, systemId: 'ogene', password: 'secret', receiptDelayMs: 50, quiet: false};
for (let i = 2; i < process.argv.length; i += 2) {
  const key = process.argv[i].replace(/^--/, '').replace(/-([a-z])/g, (_, c) => c.toUpperCase());
  options[key] = ['port', 'receiptDelayMs'].includes(key) ? Number(process.argv[i + 1]) : process.argv[i + 1];
}

const stats = {submits: 0, receipts: 0, receipts_answered: 0};
const quietEvents = new Set(['submit_sm', 'receipt_answered']);
const say = (event) => {
  if (options.quiet && quietEvents.has(event.event))
    return;
  process.stdout.write(JSON.stringify(event) + '\n');
};
const hex = (buffer) => (Buffer.isBuffer(buffer) ? buffer.toString('hex') : null);
const seen = new Set();
const receivers = new Set();
let nextId = 0x12345678;
let sessions = 0;

function writeId(id, inHex) {
  return inHex ? id.toString(16).toUpperCase() : String(id);
}

// Receipts wait for a receiver or transceiver bind, as a real SMSC keeps them; one sent on a session
// that closes before answering it is sent again on the next bind.
const waitingReceipts = [];

// A receipt goes to a receiver of the account (system_id) that submitted the message.
function offerReceipt(receipt) {
  const receiver = [...receivers].find((session) => session.systemId === receipt.systemId);
  if (!receiver) {
    waitingReceipts.push(receipt);
    return;
  }
  receiver.unanswered.add(receipt);
  receiver.deliver_sm(receipt.pdu, (resp) => {
    receiver.unanswered.delete(receipt);
    stats.receipts_answered++;
    say({event: 'receipt_answered', id: receipt.id, text: receipt.pdu.short_message, status: resp.command_status});
  });
}

function sendReceipt(systemId, pdu, id, behaviour, format) {
  const stat = behaviour === '4' ? 'UNDELIV' : 'DELIVRD';
  const err = behaviour === '4' ? '001' : '000';
  const textHex = format === '1' || format === '3';
  const text = `id:${writeId(id, textHex)} sub:001 dlvrd:${stat === 'DELIVRD' ? '001' : '000'} ` +
      `submit date:2601010000 done date:2601010000 stat:${stat} err:${err} text:`;
  const receipt = {
    source_addr: pdu.destination_addr,
    destination_addr: pdu.source_addr,
    esm_class: 0x04,
    short_message: text,
  };
  if (format === '2')
    receipt.receipted_message_id = writeId(id, true);
  if (format === '4')
    receipt.receipted_message_id = writeId(id, false);
  if (format === '2' || format === '4')
    receipt.message_state = stat === 'DELIVRD' ? 2 : 5;
  stats.receipts++;
  offerReceipt({systemId, id, pdu: receipt});
}

const server = smpp.createServer((session) => {
  const number = ++sessions;
  say({event: 'connected', session: number});
  const bind = (kind) => (pdu) => {
    // Any account whose name starts with the configured system_id, with the password.
    if (!String(pdu.system_id).startsWith(options.systemId) || pdu.password !== options.password) {
      session.send(pdu.response({command_status: smpp.ESME_RBINDFAIL}));
      session.close();
      say({event: 'bind_refused', session: number, kind});
      return;
    }
    session.systemId = String(pdu.system_id);
    session.send(pdu.response({system_id: 'testsmsc'}));
    if (kind !== 'transmitter') {
      session.unanswered = new Set();
      receivers.add(session);
      waitingReceipts.splice(0).forEach(offerReceipt); // those for other accounts wait again
    }
    say({event: 'bound', session: number, kind});
  };
  session.on('bind_transceiver', bind('transceiver'));
  session.on('bind_transmitter', bind('transmitter'));
  session.on('bind_receiver', bind('receiver'));
  session.on('enquire_link', (pdu) => {
    say({event: 'enquire_link', session: number});
    session.send(pdu.response());
  });
  session.on('unbind', (pdu) => {
    session.send(pdu.response());
    session.close();
  });
  session.on('close', () => {
    receivers.delete(session);
    if (session.unanswered)
      [...session.unanswered].forEach(offerReceipt);
    say({event: 'closed', session: number});
  });
  session.on('error', () => {});
  session.on('submit_sm', (pdu) => {
    const destination = String(pdu.destination_addr);
    const digits = destination.slice(-3);
    const behaviour = digits[0];
    const format = digits[1];
    const message = pdu.short_message || {};
    const event = {
      event: 'submit_sm', session: number, destination, source: String(pdu.source_addr),
      source_ton: pdu.source_addr_ton, source_npi: pdu.source_addr_npi, dest_ton: pdu.dest_addr_ton,
      dest_npi: pdu.dest_addr_npi, esm_class: pdu.esm_class, data_coding: pdu.data_coding,
      registered_delivery: pdu.registered_delivery,
      udh: Array.isArray(message.udh) ? message.udh.map(hex) : hex(message.udh),
      text: typeof message.message === 'string' ? message.message : hex(message.message),
    };
    const firstTime = !seen.has(destination);
    seen.add(destination);
    if (behaviour === '3' && firstTime) {
      say({...event, status: 'dropped'});
      session.socket.destroy(); // mid-window: nothing in flight is answered
      return;
    }
    if (behaviour === '1' && firstTime) {
      say({...event, status: smpp.ESME_RTHROTTLED});
      session.send(pdu.response({command_status: smpp.ESME_RTHROTTLED}));
      return;
    }
    if (behaviour === '2') {
      say({...event, status: smpp.ESME_RINVDSTADR});
      session.send(pdu.response({command_status: smpp.ESME_RINVDSTADR}));
      return;
    }
    stats.submits++;
    const id = nextId++;
    const respondInHex = !(format === '3' || format === '4');
    const messageId = writeId(id, respondInHex);
    say({...event, status: 0, message_id: messageId});
    session.send(pdu.response({message_id: messageId}));
    if (pdu.registered_delivery & 1)
      setTimeout(() => sendReceipt(session.systemId, pdu, id, behaviour, format), options.receiptDelayMs);
  });
});

server.listen(options.port, '127.0.0.1', () => say({event: 'listening', port: server.address().port}));
if (options.quiet)
  setInterval(() => say({event: 'stats', ...stats}), 1000);
if (!options.stay) {
  process.stdin.on('end', () => process.exit(0)); // the test closed our input: it is done
  process.stdin.resume();
}
