#!/usr/bin/env python3
"""The deck's shuffle (ShuffleAlgorithm::ChaCha20FisherYatesV1) written without Floorbook's
code, from its description alone, so that the pinned deck orders pin the algorithm and not
one implementation of it:

- ChaCha20 (20 rounds) keyed with the 32-byte seed, the original variant: a 64-bit block
  counter from 0 and a 64-bit nonce of zero; the keystream read as little-endian 32-bit
  words, block after block.
- The 52 cards in index order (rank * 4 + suit: 2c 2d 2h 2s 3c ... As), then Fisher-Yates from
  the last position down to 1: position i swaps with j, a uniform draw from 0..=i by
  rejection on 32-bit words (a word at or above 2^32 - 2^32 mod (i + 1) is drawn again; else
  j is the word mod (i + 1)).

Prints the order for the seed of 32 zero bytes and for the seed 0, 1, ..., 31, one line each,
then one for each seed given as an argument (64 hex digits).
Checks the block function first against the published keystream of the all-zero key.
Python's standard library only. Run by `crates/cards/tests/independent_shuffle.rs`.
"""

import sys

MASK = 0xFFFFFFFF


def rotl(v, n):
    return ((v << n) & MASK) | (v >> (32 - n))


def quarter(x, a, b, c, d):
    x[a] = (x[a] + x[b]) & MASK
    x[d] = rotl(x[d] ^ x[a], 16)
    x[c] = (x[c] + x[d]) & MASK
    x[b] = rotl(x[b] ^ x[c], 12)
    x[a] = (x[a] + x[b]) & MASK
    x[d] = rotl(x[d] ^ x[a], 8)
    x[c] = (x[c] + x[d]) & MASK
    x[b] = rotl(x[b] ^ x[c], 7)


def block(key, counter):
    """One 64-byte keystream block as sixteen 32-bit words."""
    words = [int.from_bytes(key[4 * i:4 * i + 4], "little") for i in range(8)]
    state = [0x61707865, 0x3320646E, 0x79622D32, 0x6B206574] + words + [
        counter & MASK, counter >> 32, 0, 0]
    x = list(state)
    for _ in range(10):
        quarter(x, 0, 4, 8, 12)
        quarter(x, 1, 5, 9, 13)
        quarter(x, 2, 6, 10, 14)
        quarter(x, 3, 7, 11, 15)
        quarter(x, 0, 5, 10, 15)
        quarter(x, 1, 6, 11, 12)
        quarter(x, 2, 7, 8, 13)
        quarter(x, 3, 4, 9, 14)
    return [(x[i] + state[i]) & MASK for i in range(16)]


class Words:
    """The keystream as successive 32-bit words."""

    def __init__(self, key):
        self.key, self.counter, self.buffer = key, 0, []

    def next(self):
        if not self.buffer:
            self.buffer = block(self.key, self.counter)
            self.counter += 1
        return self.buffer.pop(0)


def uniform_at_most(words, bound):
    span = bound + 1
    zone = (1 << 32) - (1 << 32) % span
    while True:
        w = words.next()
        if w < zone:
            return w % span


def shuffled(seed):
    cards = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    words = Words(seed)
    for i in range(len(cards) - 1, 0, -1):
        j = uniform_at_most(words, i)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


# The first block of ChaCha20 with the all-zero key and nonce, as published (the test vector
# of the original ChaCha20, e.g. in draft-agl-tls-chacha20poly1305, section 7).
ZERO_KEY_BLOCK = bytes.fromhex(
    "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
    "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586")

got = b"".join(w.to_bytes(4, "little") for w in block(bytes(32), 0))
assert got == ZERO_KEY_BLOCK, "the ChaCha20 block does not match the published keystream"

print(" ".join(shuffled(bytes(32))))
print(" ".join(shuffled(bytes(range(32)))))
for arg in sys.argv[1:]:
    print(" ".join(shuffled(bytes.fromhex(arg))))
