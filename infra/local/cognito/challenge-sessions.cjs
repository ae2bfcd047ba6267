// The Session of a custom-challenge sign-in, as Cognito keeps it: an opaque token naming the client, the
// user and the answers given so far, valid for the client's AuthSessionValidity (3 minutes, the stack's
// setting) from when it was handed out, and good for one answer: each answer gets a new Session.
const { randomBytes } = require('node:crypto');

const SESSION_TTL_MS = 3 * 60 * 1000;

function createChallengeSessions(ttlMs = SESSION_TTL_MS) {
  const sessions = new Map(); // token -> { state, expires }
  const prune = (now) => {
    for (const [token, entry] of sessions) if (entry.expires <= now) sessions.delete(token);
  };
  return {
    /** Hands out a new Session for `state` ({ clientId, username, ... }). */
    open(state, now = Date.now()) {
      prune(now);
      const token = randomBytes(96).toString('base64');
      sessions.set(token, { state, expires: now + ttlMs });
      return token;
    },
    /** The state of a Session sent with an answer, used up whether or not it holds; null unless it is live and names this client and user. */
    take(token, clientId, username, now = Date.now()) {
      const entry = sessions.get(String(token ?? ''));
      sessions.delete(String(token ?? ''));
      if (!entry || entry.expires <= now) return null;
      return entry.state.clientId === clientId && entry.state.username === username ? entry.state : null;
    },
  };
}

module.exports = { createChallengeSessions, SESSION_TTL_MS };
