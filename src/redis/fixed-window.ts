// One fixed-window counter in Redis, counted by one atomic Lua script: INCR, PEXPIRE on the
// first hit, then PTTL; it returns {count, ms left in the window}. The rate limiter and the link
// and authentication attempt counts use it alike.

/**
 * KEYS[1]: the counter; ARGV[1]: the window in ms. A key without a TTL cannot come from this
 * script (it is atomic), but should one ever exist it would never reset: it is given the window.
 */
export const FIXED_WINDOW_HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;
