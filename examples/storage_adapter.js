#!/usr/bin/env node
// A minimal adapter for `harness check --impl`, in JavaScript (Node, no dependency):
// the storage area in full (SimpleBitStorage; ZeroBitStorage for 0 bits), every other
// operation declined with {"unsupported": "..."} (those cases are reported partial).
//
//   harness check --impl 'node examples/storage_adapter.js' --version 26.3 --area storage
//   harness check --impl 'node examples/storage_adapter.js' --longs-as-strings --version 26.3
//
// Longs are 64-bit and JSON.parse rounds numbers beyond 2^53, so longs are BigInts here.
// With --longs-as-strings the harness sends a hello line first and every long travels as a
// decimal string; without it this adapter reads long integers from the raw JSON text itself
// (bigNumbersQuoted) and writes BigInts back as bare digits (toJsonLine).
'use strict';
const readline = require('readline');

const MASK64 = (1n << 64n) - 1n;

class GameError extends Error {
  constructor(kind, message) { super(message); this.answer = { error: kind, message }; }
}

function inclusiveBetween(lo, hi, value) { // commons-lang Validate.inclusiveBetween
  if (value < lo || value > hi) {
    throw new GameError('IllegalArgumentException',
      `The value ${value} is not in the specified inclusive range of ${lo} to ${hi}`);
  }
}

class Storage {
  constructor(bits, size, longs) { // longs: BigInts, or undefined for `new`
    this.bits = bits; this.size = size;
    if (bits === 0 && longs === undefined) { // ZeroBitStorage
      this.mask = 0; this.perLong = 0; this.words = []; return;
    }
    inclusiveBetween(1, 32, bits);
    this.mask = 2 ** bits - 1;
    this.perLong = Math.floor(64 / bits);
    const expected = Math.trunc(((size + this.perLong - 1) | 0) / this.perLong); // Java int arithmetic
    if (longs === undefined) {
      if (expected < 0) throw new GameError('NegativeArraySizeException', String(expected));
      this.words = new Array(expected).fill(0n);
    } else {
      if (longs.length !== expected) {
        throw new GameError('SimpleBitStorage.InitializationException',
          `Invalid length given for storage, got: ${longs.length} but expected: ${expected}`);
      }
      this.words = longs.map((x) => BigInt.asUintN(64, x)); // kept as given, padding and all
    }
  }

  place(i) {
    const cell = Math.floor(i / this.perLong);
    return [cell, BigInt((i - cell * this.perLong) * this.bits)];
  }

  get(i) {
    inclusiveBetween(0, this.size - 1, i);
    if (!this.bits) return 0;
    const [cell, shift] = this.place(i);
    return Number(BigInt.asIntN(32, (this.words[cell] >> shift) & BigInt(this.mask)));
  }

  getAndSet(i, v) {
    inclusiveBetween(0, this.size - 1, i);
    inclusiveBetween(0, this.mask, v);
    if (!this.bits) return 0;
    const [cell, shift] = this.place(i);
    const mask = BigInt(this.mask);
    const word = this.words[cell];
    this.words[cell] = (word & (~(mask << shift) & MASK64)) | (BigInt(v) << shift);
    return Number(BigInt.asIntN(32, (word >> shift) & mask));
  }

  fill(v) { // 26.3: the value spread by doubling, padding included
    inclusiveBetween(0, this.mask, v);
    if (!this.bits) return;
    let pattern = BigInt(v);
    for (let shift = BigInt(this.bits); shift < 64n; shift <<= 1n) pattern = (pattern | (pattern << shift)) & MASK64;
    this.words = this.words.map(() => pattern);
  }

  values() {
    if (this.size < 0) throw new GameError('NegativeArraySizeException', String(this.size));
    const out = new Array(this.size);
    for (let i = 0; i < this.size; i++) out[i] = this.bits ? this.get(i) : 0;
    return out;
  }

  longs() { return this.words.map((w) => BigInt.asIntN(64, w)); }
}

function storageAnswers(setup, ops) {
  let storage = null;
  return ops.map(([name, ...args]) => {
    try {
      switch (name) {
        case 'new': storage = new Storage(setup.bits, setup.size); return null;
        case 'from_longs': storage = new Storage(setup.bits, setup.size, args[0].map(BigInt)); return null;
        default: break;
      }
      if (storage === null) return { unsupported: `${name}: no storage was made` };
      switch (name) {
        case 'get': return storage.get(args[0]);
        case 'set': storage.getAndSet(args[0], args[1]); return null;
        case 'get_and_set': return storage.getAndSet(args[0], args[1]);
        case 'fill': storage.fill(args[0]); return null;
        case 'values': return storage.values();
        case 'longs': return storage.longs();
        default: return { unsupported: `unknown storage operation ${name}` };
      }
    } catch (e) {
      if (e instanceof GameError) return e.answer;
      throw e;
    }
  });
}

// Integers of 16 digits or more in JSON text, outside strings, quoted: JSON.parse keeps them exact.
function bigNumbersQuoted(text) {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') { // copy a string whole, escapes included
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1); i = j + 1;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      const m = /^-?\d+/.exec(text.slice(i, i + 40));
      out += m[0].replace('-', '').length >= 16 ? `"${m[0]}"` : m[0];
      i += m[0].length;
    } else { out += c; i += 1; }
  }
  return out;
}

// A JSON line with BigInts as bare digits (or as decimal strings under --longs-as-strings).
function toJsonLine(doc, longsAsStrings) {
  const text = JSON.stringify(doc, (_, v) => (typeof v === 'bigint' ? `\u0000big${v}` : v));
  return longsAsStrings ? text.replace(/"\\u0000big(-?\d+)"/g, '"$1"') : text.replace(/"\\u0000big(-?\d+)"/g, '$1');
}

let longsAsStrings = false;
const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  if (!line.trim()) return;
  const msg = JSON.parse(bigNumbersQuoted(line));
  if ('hello' in msg && !('id' in msg)) { longsAsStrings = msg.longs_as_strings === true; return; } // no answer
  const answers = msg.area === 'storage'
    ? storageAnswers(msg.setup, msg.ops)
    : msg.ops.map(() => ({ unsupported: `this adapter does only storage, not ${msg.area}` }));
  process.stdout.write(toJsonLine({ id: msg.id, answers }, longsAsStrings) + '\n'); // one line per case, at once
});
