"""The Redis channel layer of the production shape, with one addition for the live table's
cost (DESIGN §3 "Cost"): ``group_send_many``.

channels-redis sends a group message in four Redis round trips (drop expired members, read
the members, drop expired messages, push by a Lua script sent in full). After each change
of a table the writer sends several group messages at once (each person's seat its own
state, ``games.notify.table_changed``, then the table's notice); ``group_send_many`` sends
them all in two round trips per Redis host: one pipeline reads every group's members, one
pipeline drops expired messages and pushes every message by the same (cached) script. Each
message still goes only to the members of its own group, in the order given; capacity,
expiry and group expiry behave as in ``group_send``.
"""
from __future__ import annotations

import collections
import time

from channels_redis import core

# As channels-redis's group_send script: push ARGV[i] onto KEYS[i] with score ARGV[n+i] unless
# the channel holds its capacity ARGV[2n+i] already; ARGV[3n+1] is the channels' expiry.
_PUSH = """
local n = #KEYS
local expiry = ARGV[3 * n + 1]
local over_capacity = 0
for i = 1, n do
    if redis.call('ZCOUNT', KEYS[i], '-inf', '+inf') < tonumber(ARGV[2 * n + i]) then
        redis.call('ZADD', KEYS[i], ARGV[n + i], ARGV[i])
        redis.call('EXPIRE', KEYS[i], expiry)
    else
        over_capacity = over_capacity + 1
    end
end
return over_capacity
"""


class RedisChannelLayer(core.RedisChannelLayer):
    """``channels_redis.core.RedisChannelLayer`` plus ``group_send_many`` (see the module);
    same name, so that checks of the layer's kind still see a Redis layer."""

    async def group_send_many(self, messages: list[tuple[str, dict]], skip=frozenset()) -> None:
        """Send each ``(group, message)`` to its group's members, in order, except the channels
        in ``skip`` (connections the sender has served already: ``games.table_hub.writer_changed``;
        a message left with no member is not pushed at all). Raises what the Redis client
        raises (a lost connection); nothing is retried here."""
        if not messages:
            return
        now = time.time()
        by_host: dict[int, list[int]] = collections.defaultdict(list)
        for i, (group, _message) in enumerate(messages):
            assert self.require_valid_group_name(group), "Group name not valid"
            by_host[self.consistent_hash(group)].append(i)
        members: dict[int, list[str]] = {}
        for index, positions in by_host.items():
            pipe = self.connection(index).pipeline(transaction=False)
            for i in positions:
                key = self._group_key(messages[i][0])
                pipe.zremrangebyscore(key, min=0, max=int(now) - self.group_expiry)
                pipe.zrange(key, 0, -1)
            replies = await pipe.execute()
            for n, i in enumerate(positions):
                members[i] = [x.decode("utf8") for x in replies[2 * n + 1]]
                if skip:
                    members[i] = [m for m in members[i] if m not in skip]
        # Every channel key's messages, in the order given (scores step by a microsecond).
        pushes: dict[int, list[tuple[bytes, bytes, int]]] = collections.defaultdict(list)
        for i, (_group, message) in enumerate(messages):
            if not members[i]:
                continue
            to_hosts, key_message, key_capacity = self._map_channel_keys_to_connection(members[i], message)
            for index, keys in to_hosts.items():
                for key in keys:
                    pushes[index].append((key, key_message[key], key_capacity[key]))
        for index, items in pushes.items():
            connection = self.connection(index)
            pipe = connection.pipeline(transaction=False)
            for key in dict.fromkeys(k for k, _m, _c in items):
                pipe.zremrangebyscore(key, min=0, max=int(now) - int(self.expiry))
            args = ([m for _k, m, _c in items] + [now + n * 1e-6 for n in range(len(items))]
                    + [c for _k, _m, c in items] + [self.expiry])
            pipe.eval(_PUSH, len(items), *[k for k, _m, _c in items], *args)
            await pipe.execute()
