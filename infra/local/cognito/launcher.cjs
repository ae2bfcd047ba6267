// Runs cognito-local in this child process, with one addition: every message it would have
// sent (sign-up code, reset link, invite) is also posted to the twin's outbox, so a person
// can follow the links in the browser. cognito-local itself only prints them to its console.
const { ConsoleMessageSender } = require('cognito-local/lib/services/messageDelivery/consoleMessageSender');

const outboxUrl = process.env.OUTBOX_URL;
// The twin's per-process key: the outbox takes messages from this process only.
const outboxKey = process.env.OUTBOX_KEY || '';
const original = ConsoleMessageSender.prototype.sendEmail;
ConsoleMessageSender.prototype.sendEmail = async function sendEmail(ctx, user, destination, message) {
  await original.call(this, ctx, user, destination, message);
  if (!outboxUrl) return;
  const email = (user.Attributes || []).find((a) => a.Name === 'email');
  await fetch(outboxUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-twin-outbox-key': outboxKey },
    body: JSON.stringify({
      to: destination || (email && email.Value) || user.Username,
      subject: message.emailSubject || 'Your verification code',
      html: message.emailMessage || `Your code is ${message.__code}`,
      code: message.__code,
    }),
  }).catch((error) => console.error('outbox unreachable', error));
};

require('./fidelity.cjs'); // what cognito-local lacks or answers differently from Cognito
require('./sessions.cjs'); // sign-out, refresh-token revocation, access tokens checked
require('./admin-only.cjs'); // a pool of administrators' users only refuses SignUp
require('./custom-auth.cjs'); // Cognito's custom challenge (the employees' sign-in), through the pool's triggers
require('cognito-local/lib/bin/start');
