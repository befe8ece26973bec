"""A tiny Standard MIDI File reader (Python 3 stdlib only) for scripts/crosscheck.

read_notes(path) -> (division, [(on_tick, off_tick, key), ...]) over all tracks and
channels; running status, meta and sysex events are understood, everything but notes
is skipped. A note-on with velocity 0 is a note-off. Overlapping notes of one key on
one channel pair first-in, first-out.
"""
import struct


def _vlq(data, pos):
    value = 0
    while True:
        byte = data[pos]
        pos += 1
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, pos


def read_notes(path):
    with open(path, 'rb') as f:
        data = f.read()
    if data[:4] != b'MThd':
        raise ValueError('not a MIDI file: %s' % path)
    length, _fmt, ntracks, division = struct.unpack('>IHHH', data[4:14])
    pos = 8 + length
    notes, tempos = [], []
    for _ in range(ntracks):
        if data[pos:pos + 4] != b'MTrk':
            break
        (tlen,) = struct.unpack('>I', data[pos + 4:pos + 8])
        end = pos + 8 + tlen
        p, tick, status, held = pos + 8, 0, 0, {}
        while p < end:
            delta, p = _vlq(data, p)
            tick += delta
            if data[p] & 0x80:
                status = data[p]
                p += 1
            kind = status & 0xF0
            if status == 0xFF:
                mtype = data[p]
                mlen, p = _vlq(data, p + 1)
                if mtype == 0x51:
                    tempos.append((tick, int.from_bytes(data[p:p + 3], 'big')))
                p += mlen
            elif status in (0xF0, 0xF7):
                slen, p = _vlq(data, p)
                p += slen
            elif kind in (0x80, 0x90):
                key, vel = data[p], data[p + 1]
                p += 2
                channel = status & 0x0F
                if kind == 0x90 and vel > 0:
                    held.setdefault((channel, key), []).append(tick)
                elif held.get((channel, key)):
                    notes.append((held[(channel, key)].pop(0), tick, key))
            elif kind in (0xC0, 0xD0):
                p += 1
            else:
                p += 2
        pos = end
    notes.sort()
    return division, notes, tempos
