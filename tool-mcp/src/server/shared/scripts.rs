//! What runs inside Redis: each write that must look at a mark another replica may have set, and
//! the write, in one script, so that nothing comes between the look and the write.
//!
//! A replica taken for gone (its lease ran out) may only have stood still; the marks the others set
//! when they took it for gone (a stream ended for it, a task marked lost) hold it off what they
//! told clients.

use std::sync::LazyLock;

/// Adds an entry to a stream unless a replica has ended it for a gone one: `KEYS[1]` the stream,
/// `KEYS[2]` its end mark; `ARGV[1]` the replica that may write after that mark (the one writing
/// the end; empty for every other write), `ARGV[2]` how long the stream is kept (ms), `ARGV[3]` the
/// most entries it keeps, the rest the entry's fields and values. Gives the entry's id, or nil.
pub(super) static ADD: LazyLock<redis::Script> = LazyLock::new(|| {
    redis::Script::new(
        r"
        local ender = redis.call('GET', KEYS[2])
        if ender and ender ~= ARGV[1] then return false end
        local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[3], '*', unpack(ARGV, 4))
        redis.call('PEXPIRE', KEYS[1], ARGV[2])
        return id
        ",
    )
});

/// Ends a request's stream that its replica closed without a response (the call was cancelled, or
/// its session deleted), so that a reader elsewhere does not wait for one: `KEYS[1]` the stream,
/// `KEYS[2]` its end mark; `ARGV[1]` this replica. Nothing when the stream has ended already, or
/// another replica ended it.
pub(super) static CLOSE: LazyLock<redis::Script> = LazyLock::new(|| {
    redis::Script::new(
        r"
        local ender = redis.call('GET', KEYS[2])
        if ender and ender ~= ARGV[1] then return 0 end
        local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)[1]
        if not last then return 0 end
        for i = 1, #last[2], 2 do
            if last[2][i] == 'end' then return 0 end
        end
        redis.call('XADD', KEYS[1], '*', 'r', ARGV[1], 'end', '1')
        return 1
        ",
    )
});

/// One round of a task's mirror, unless another replica has marked the task lost: `KEYS[1]` the
/// task, `KEYS[2]` its answers; `ARGV[1]` how long it is kept (ms), then, when it changed, its
/// `detail`, `owner` and `replica`. Gives `{lost, cancelled, answers}`.
pub(super) static MIRROR: LazyLock<redis::Script> = LazyLock::new(|| {
    redis::Script::new(
        r"
        if redis.call('HEXISTS', KEYS[1], 'lost') == 1 then return {1, 0, {}} end
        if ARGV[2] then
            redis.call('HSET', KEYS[1], 'detail', ARGV[2], 'owner', ARGV[3], 'replica', ARGV[4])
        end
        redis.call('PEXPIRE', KEYS[1], ARGV[1])
        local cancelled = redis.call('HEXISTS', KEYS[1], 'cancel')
        local answers = redis.call('LPOP', KEYS[2], 100)
        return {0, cancelled, answers or {}}
        ",
    )
});

/// Marks a task of a gone replica failed, once, unless its replica came back or it changed since it
/// was read: `KEYS[1]` the task, `KEYS[2]` its replica's lease; `ARGV[1]` the detail read,
/// `ARGV[2]` the failed detail, `ARGV[3]` how long it is kept (ms). Gives the task's detail now.
pub(super) static MARK_LOST: LazyLock<redis::Script> = LazyLock::new(|| {
    redis::Script::new(
        r"
        local current = redis.call('HGET', KEYS[1], 'detail')
        if redis.call('EXISTS', KEYS[2]) == 1 or redis.call('HEXISTS', KEYS[1], 'lost') == 1
            or current ~= ARGV[1] then
            return current
        end
        redis.call('HSET', KEYS[1], 'lost', 1, 'detail', ARGV[2])
        redis.call('PEXPIRE', KEYS[1], ARGV[3])
        return ARGV[2]
        ",
    )
});
