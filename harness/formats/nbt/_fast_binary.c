/* The compiled fast path of binary NBT (harness.formats.nbt.fast_binary): a whole well-formed
 * tree read or written in one call, in the fixed-width encodings (java, bedrock) without a quota.
 *
 * It builds exactly the objects the pure-Python reader builds (binary_reader.NbtReader) and
 * writes exactly the bytes the pure-Python writer writes (binary_writer.NbtWriter). It never
 * decides anything the game decides: on anything unusual (too few bytes, an unknown type, a
 * negative length, a string that is not ASCII and does not decode, too deep, a mixed list, a
 * value out of range, an object that is not one of our tag classes) it gives up and returns
 * None, and the caller reads or writes the same input the pure way, which raises the game's
 * errors. Over the tools' tag budget it stops where the pure reader would (it counts the same
 * tags at the same places) and says where: the caller raises the pure reader's refusal. Non-ASCII strings, arrays and compound write plans are made
 * by Python callables the caller passes, so their rules live in one place.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <string.h>
#include <stdint.h>

#ifndef T_OBJECT_EX
#define T_OBJECT_EX Py_T_OBJECT_EX /* structmember.h's old name gone (newer CPython) */
#endif

#define VM_ARRAY_LIMIT 2147483645LL
#define WRITE_DEPTH_LIMIT 4096
#define CACHE_SLOTS 8192   /* per cache, direct-mapped */
#define CACHE_BYTES 128    /* strings up to this many bytes are cached */

/* ---- classes, set once by configure() ---- */
static PyTypeObject *C_Compound, *C_List, *C_Byte, *C_Short, *C_Int, *C_Long, *C_Float, *C_Double,
    *C_String, *C_ByteArray, *C_IntArray, *C_LongArray;
static PyObject *byte_tags;        /* tuple of 256 ByteTag by unsigned byte */
static PyObject *s_declared_type, *s_bits, *s_array, *s_table_size, *s_empty, *empty_tuple;
static Py_ssize_t float_bits_offset = -1, double_bits_offset = -1, array_offset = -1;
static PyObject *np_frombuffer, *np_empty, *dtypes[3];  /* numpy.frombuffer, numpy.empty; int8, int32, int64 (native) */
static PyObject *elem_ids[256];    /* small ints for declared_type, by unsigned byte */
static int data_first = 0;         /* a NumPy array's data pointer is the first field after its header
                                      (PyArrayObject_fields; checked in configure()): read there, not by
                                      the buffer protocol, whose set-up costs ~1 µs an array in a fresh process */
static int configured = 0;

/* ---- a direct-mapped cache of short ASCII strings: raw bytes -> str (keys) or StringTag (values).
 * A slot holds only the object (its text is the raw bytes), so the tables stay small: a first read
 * in a fresh process touches few pages of them. */
static PyObject **key_cache, **string_cache;

static inline uint32_t hash_bytes(const unsigned char *p, Py_ssize_t n) {
    uint32_t h = 2166136261u;
    for (Py_ssize_t i = 0; i < n; i++) { h ^= p[i]; h *= 16777619u; }
    return h ^ (uint32_t)n;
}

static inline int all_ascii(const unsigned char *p, Py_ssize_t n) {
    for (Py_ssize_t i = 0; i < n; i++) if (p[i] & 0x80) return 0;
    return 1;
}

static Py_ssize_t member_offset(PyTypeObject *type, PyObject *name) {
    PyObject *d = PyObject_GetAttr((PyObject *)type, name);
    Py_ssize_t off = -1;
    if (d == NULL) { PyErr_Clear(); return -1; }
    if (Py_IS_TYPE(d, &PyMemberDescr_Type)) {
        PyMemberDef *m = ((PyMemberDescrObject *)d)->d_member;
        if (m->type == T_OBJECT_EX) off = m->offset;
    }
    Py_DECREF(d);
    return off;
}

static PyObject *configure(PyObject *self, PyObject *args) {
    PyObject *types[12];
    PyObject *bt;
    if (!PyArg_ParseTuple(args, "OOOOOOOOOOOOOOOOOO", &types[0], &types[1], &types[2], &types[3], &types[4],
                          &types[5], &types[6], &types[7], &types[8], &types[9], &types[10], &types[11], &bt,
                          &np_frombuffer, &np_empty, &dtypes[0], &dtypes[1], &dtypes[2]))
        return NULL;
    Py_INCREF(np_frombuffer); Py_INCREF(np_empty);
    Py_INCREF(dtypes[0]); Py_INCREF(dtypes[1]); Py_INCREF(dtypes[2]);
    for (int i = 0; i < 12; i++) {
        if (!PyType_Check(types[i])) { PyErr_SetString(PyExc_TypeError, "configure takes the 12 tag classes"); return NULL; }
        Py_INCREF(types[i]);
    }
    if (!PyTuple_Check(bt) || PyTuple_GET_SIZE(bt) != 256) {
        PyErr_SetString(PyExc_TypeError, "configure takes the 256 ByteTag values last"); return NULL;
    }
    Py_INCREF(bt);
    C_Compound = (PyTypeObject *)types[0]; C_List = (PyTypeObject *)types[1]; C_Byte = (PyTypeObject *)types[2];
    C_Short = (PyTypeObject *)types[3]; C_Int = (PyTypeObject *)types[4]; C_Long = (PyTypeObject *)types[5];
    C_Float = (PyTypeObject *)types[6]; C_Double = (PyTypeObject *)types[7]; C_String = (PyTypeObject *)types[8];
    C_ByteArray = (PyTypeObject *)types[9]; C_IntArray = (PyTypeObject *)types[10]; C_LongArray = (PyTypeObject *)types[11];
    byte_tags = bt;
    float_bits_offset = member_offset(C_Float, s_bits);
    double_bits_offset = member_offset(C_Double, s_bits);
    array_offset = member_offset(C_ByteArray, s_array);
    {  /* data_first: where the buffer protocol finds an array's data, the field after the header holds it */
        PyObject *count = PyLong_FromLong(4), *call[2] = {count, dtypes[2]}, *probe;
        Py_buffer v;
        probe = count ? PyObject_Vectorcall(np_empty, call, 2, NULL) : NULL;
        Py_XDECREF(count);
        if (probe == NULL) return NULL;
        if (PyObject_GetBuffer(probe, &v, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) == 0) {
            data_first = v.len == 32 && *(void **)((char *)probe + sizeof(PyObject)) == v.buf;
            PyBuffer_Release(&v);
        } else PyErr_Clear();
        Py_DECREF(probe);
    }
    if (array_offset != member_offset(C_IntArray, s_array) || array_offset != member_offset(C_LongArray, s_array))
        array_offset = -1;
    configured = 1;
    Py_RETURN_NONE;
}

/* =========================================== reading =========================================== */

typedef struct {
    const unsigned char *p;
    Py_ssize_t n, pos;
    int little, utf8, unwrap;
    long depth, depth_limit;
    long long tags, max_tags;
    PyObject *data, *decode, *array_tag, *wire;
    int over;                /* the tag budget ran out: at over_pos; path holds where, innermost first */
    Py_ssize_t over_pos;
    PyObject *path;
} reader_t;

/* the budget ran out here (tags counted past max_tags): stop reading */
static void over_budget(reader_t *r) {
    r->over = 1;
    r->over_pos = r->pos;
    r->path = PyList_New(0);
}

/* on the way out of a stopped read: one step of its path (a compound's key or a list's index) */
static void path_step(reader_t *r, PyObject *step) {
    if (step == NULL || r->path == NULL || PyList_Append(r->path, step) < 0) Py_CLEAR(r->path);
}

static inline uint16_t rd16(reader_t *r, Py_ssize_t at) {
    const unsigned char *q = r->p + at;
    return r->little ? (uint16_t)(q[0] | (q[1] << 8)) : (uint16_t)((q[0] << 8) | q[1]);
}
static inline uint32_t rd32(reader_t *r, Py_ssize_t at) {
    const unsigned char *q = r->p + at;
    return r->little ? ((uint32_t)q[0] | ((uint32_t)q[1] << 8) | ((uint32_t)q[2] << 16) | ((uint32_t)q[3] << 24))
                     : (((uint32_t)q[0] << 24) | ((uint32_t)q[1] << 16) | ((uint32_t)q[2] << 8) | (uint32_t)q[3]);
}
static inline uint64_t rd64(reader_t *r, Py_ssize_t at) {
    uint64_t a = rd32(r, at), b = rd32(r, at + 4);
    return r->little ? (a | (b << 32)) : ((a << 32) | b);
}

/* JDK DataInputStream.readUTF's decoding of well-formed input (overlong forms and a raw 00
 * accepted, as Java does), then surrogate pairs joined into code points, lone surrogates kept
 * (mutf8.decode_mutf8). NULL without an error when the input is malformed: Java refuses it. */
static PyObject *decode_java_utf(const unsigned char *p, Py_ssize_t n) {
    Py_UCS4 stack_units[256], *units = n <= 256 ? stack_units : PyMem_Malloc(n * sizeof(Py_UCS4));
    Py_ssize_t count = 0, k = 0, j = 0;
    PyObject *out = NULL;
    if (units == NULL) return PyErr_NoMemory();
    while (count < n) {
        unsigned c = p[count], kind = c >> 4;
        if (kind < 8) { units[k++] = c; count++; }
        else if (kind == 12 || kind == 13) {
            if (count + 2 > n || (p[count + 1] & 0xC0) != 0x80) goto done;
            units[k++] = ((c & 0x1F) << 6) | (p[count + 1] & 0x3F);
            count += 2;
        } else if (kind == 14) {
            if (count + 3 > n || (p[count + 1] & 0xC0) != 0x80 || (p[count + 2] & 0xC0) != 0x80) goto done;
            units[k++] = ((c & 0x0F) << 12) | ((p[count + 1] & 0x3F) << 6) | (p[count + 2] & 0x3F);
            count += 3;
        } else goto done;
    }
    for (Py_ssize_t i = 0; i < k; i++) {  /* join high + low surrogate pairs */
        Py_UCS4 u = units[i];
        if (u >= 0xD800 && u <= 0xDBFF && i + 1 < k && units[i + 1] >= 0xDC00 && units[i + 1] <= 0xDFFF) {
            u = 0x10000 + ((u - 0xD800) << 10) + (units[i + 1] - 0xDC00);
            i++;
        }
        units[j++] = u;
    }
    out = PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, units, j);
done:
    if (units != stack_units) PyMem_Free(units);
    return out;
}

/* a str (key) or StringTag (value) of n bytes at pos; NULL to give up */
static PyObject *read_text(reader_t *r, Py_ssize_t at, Py_ssize_t len, int value) {
    const unsigned char *raw = r->p + at;
    PyObject **slot = NULL, *text, *out;
    int ascii = all_ascii(raw, len);
    if (ascii && len <= CACHE_BYTES) {
        slot = &(value ? string_cache : key_cache)[hash_bytes(raw, len) & (CACHE_SLOTS - 1)];
        PyObject *hit = *slot;
        if (hit && PyUnicode_GET_LENGTH(hit) == len && memcmp(PyUnicode_DATA(hit), raw, len) == 0) {
            Py_INCREF(hit);
            return hit;
        }
    }
    if (ascii) {
        text = PyUnicode_DecodeASCII((const char *)raw, len, NULL);
    } else if (r->utf8) {  /* Bedrock: plain UTF-8, strict (mutf8.decode_utf8) */
        text = PyUnicode_DecodeUTF8((const char *)raw, len, NULL);
    } else if ((text = decode_java_utf(raw, len)) != NULL || PyErr_Occurred()) {
        /* modified UTF-8 decoded here; malformed input (NULL without error) is decoded by Python below */
    } else {  /* the codec's own rules, in Python (for the error it raises) */
        PyObject *b = PyBytes_FromStringAndSize((const char *)raw, len);
        if (b == NULL) return NULL;
        text = PyObject_CallOneArg(r->decode, b);
        Py_DECREF(b);
        if (text != NULL && !PyUnicode_CheckExact(text)) { Py_DECREF(text); return NULL; }
    }
    if (text == NULL) return NULL;
    if (value) {
        PyObject *a = PyTuple_Pack(1, text);
        Py_DECREF(text);
        if (a == NULL) return NULL;
        out = PyUnicode_Type.tp_new(C_String, a, NULL);
        Py_DECREF(a);
        if (out == NULL) return NULL;
    } else {  /* a key as the pure reader makes it: not interned (the cache above shares it; interning
                 would look every new key up in the interpreter's table of interned strings, a cache miss
                 each in a fresh process) */
        out = text;
    }
    if (slot) {  /* (an ASCII str's data is its raw bytes, what the lookup above compares) */
        Py_XDECREF(*slot);
        Py_INCREF(out);
        *slot = out;
    }
    return out;
}

static PyObject *new_int_tag(PyTypeObject *type, long long v) {
    PyObject *n = PyLong_FromLongLong(v), *a, *out;
    if (n == NULL) return NULL;
    a = PyTuple_Pack(1, n);
    Py_DECREF(n);
    if (a == NULL) return NULL;
    out = PyLong_Type.tp_new(type, a, NULL);
    Py_DECREF(a);
    return out;
}

/* ShortTag, IntTag and LongTag shared between reads by value, as the pure reader shares those of
 * same-shaped compounds (compound_shape._INTERNED; Java caches ByteTag the same way, and byte_tags
 * holds all 256 here): a direct-mapped cache per class, a slot holding the value and its tag. A
 * chunk repeats few values many times (coordinates, ticks, counts), each then one allocation. */
#define INT_SLOTS 4096
typedef struct { long long value; PyObject *tag; } int_slot_t;
static int_slot_t *int_cache[3];   /* ShortTag, IntTag, LongTag */

static PyObject *int_tag(int t, PyTypeObject *type, long long v) {
    int_slot_t *slot = &int_cache[t - 2][((uint64_t)v * 0x9E3779B97F4A7C15ull) >> 52];  /* 12 bits */
    PyObject *out;
    if (slot->tag != NULL && slot->value == v && Py_IS_TYPE(slot->tag, type)) {
        Py_INCREF(slot->tag);
        return slot->tag;
    }
    out = new_int_tag(type, v);
    if (out != NULL) {
        Py_XDECREF(slot->tag);
        Py_INCREF(out);
        slot->tag = out;
        slot->value = v;
    }
    return out;
}

static PyObject *new_float_tag(PyTypeObject *type, Py_ssize_t offset, unsigned long long bits) {
    PyObject *tag = type->tp_alloc(type, 0), *b;
    if (tag == NULL) return NULL;
    b = PyLong_FromUnsignedLongLong(bits);
    if (b == NULL) { Py_DECREF(tag); return NULL; }
    if (offset >= 0) {
        *(PyObject **)((char *)tag + offset) = b;
    } else {
        int rc = PyObject_SetAttr(tag, s_bits, b);
        Py_DECREF(b);
        if (rc < 0) { Py_DECREF(tag); return NULL; }
    }
    return tag;
}

static const int MIN_WIDTH[13] = {1, 1, 2, 4, 8, 4, 8, 4, 2, 5, 1, 4, 4};
static const int FIXED_WIDTH[7] = {0, 1, 2, 4, 8, 4, 8};

/* one fixed-width leaf (1..6) at pos, all bytes there */
static PyObject *read_number(reader_t *r, int t, Py_ssize_t at) {
    switch (t) {
    case 1: { PyObject *b = PyTuple_GET_ITEM(byte_tags, r->p[at]); Py_INCREF(b); return b; }
    case 2: return int_tag(2, C_Short, (int16_t)rd16(r, at));
    case 3: return int_tag(3, C_Int, (int32_t)rd32(r, at));
    case 4: return int_tag(4, C_Long, (int64_t)rd64(r, at));
    case 5: { uint32_t b = rd32(r, at); return new_float_tag(C_Float, float_bits_offset, b == 0x80000000u ? 0 : b); }
    default: { uint64_t b = rd64(r, at);
               return new_float_tag(C_Double, double_bits_offset, b == 0x8000000000000000ull ? 0 : b); }
    }
}

static PyObject *read_array(reader_t *r, int t) {
    Py_ssize_t width = t == 7 ? 1 : t == 11 ? 4 : 8;
    long long n;
    if (r->pos + 4 > r->n) return NULL;
    n = (int32_t)rd32(r, r->pos);
    if (n < 0 || n > VM_ARRAY_LIMIT || (long long)(r->n - r->pos - 4) < n * width) return NULL;
    PyObject *out;
    if (array_offset < 0) {
        out = PyObject_CallFunction(r->array_tag, "iOLnO", t, r->data, n, r->pos + 4, r->wire);
    } else {  /* as _array_tag makes it: a read-only view of the input in native order, else a swapped
                 copy; an empty one numpy.empty(0) (numpy called directly: no argument format parsed) */
        PyObject *dtype = dtypes[t == 7 ? 0 : t == 11 ? 1 : 2], *array, *count = PyLong_FromLongLong(n);
        int one = 1;
        int swap = width > 1 && (*(char *)&one == 1) != r->little;
        if (count == NULL) return NULL;
        if (n > 0 && !swap) {
            PyObject *offset = PyLong_FromSsize_t(r->pos + 4);
            PyObject *call[4] = {r->data, dtype, count, offset};
            array = offset ? PyObject_Vectorcall(np_frombuffer, call, 4, NULL) : NULL;
            Py_XDECREF(offset);
        } else {
            Py_buffer v;
            PyObject *call[2] = {count, dtype};
            array = PyObject_Vectorcall(np_empty, call, 2, NULL);
            if (array != NULL && n > 0) {
                if (data_first) { v.buf = *(void **)((char *)array + sizeof(PyObject)); v.obj = NULL; v.len = n * width; }
                else if (PyObject_GetBuffer(array, &v, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) { Py_CLEAR(array); }
                if (array != NULL && v.len != n * width) { PyBuffer_Release(&v); Py_CLEAR(array); }
                else if (array != NULL) {
                    const unsigned char *src = r->p + r->pos + 4;
                    unsigned char *dst = v.buf;
                    if (width == 4) {
                        for (long long i = 0; i < n; i++, src += 4, dst += 4) {
                            uint32_t x; memcpy(&x, src, 4); x = __builtin_bswap32(x); memcpy(dst, &x, 4);
                        }
                    } else {
                        for (long long i = 0; i < n; i++, src += 8, dst += 8) {
                            uint64_t x; memcpy(&x, src, 8); x = __builtin_bswap64(x); memcpy(dst, &x, 8);
                        }
                    }
                    PyBuffer_Release(&v);
                }
            }
        }
        Py_DECREF(count);
        if (array == NULL) return NULL;
        PyTypeObject *cls = t == 7 ? C_ByteArray : t == 11 ? C_IntArray : C_LongArray;
        out = cls->tp_alloc(cls, 0);
        if (out == NULL) { Py_DECREF(array); return NULL; }
        *(PyObject **)((char *)out + array_offset) = array;
    }
    if (out) r->pos += 4 + n * width;
    return out;
}

static PyObject *read_compound(reader_t *r);
static PyObject *read_list(reader_t *r);

static PyObject *read_string_value(reader_t *r) {
    Py_ssize_t len;
    PyObject *out;
    if (r->pos + 2 > r->n) return NULL;
    len = rd16(r, r->pos);
    if (r->pos + 2 + len > r->n) return NULL;
    out = read_text(r, r->pos + 2, len, 1);
    if (out) r->pos += 2 + len;
    return out;
}

/* the payload of a tag of type t (1..12) at pos */
static PyObject *read_payload(reader_t *r, int t) {
    if (t >= 1 && t <= 6) {
        int w = FIXED_WIDTH[t];
        PyObject *out;
        if (r->pos + w > r->n) return NULL;
        out = read_number(r, t, r->pos);
        if (out) r->pos += w;
        return out;
    }
    switch (t) {
    case 8: return read_string_value(r);
    case 9: return read_list(r);
    case 10: return read_compound(r);
    case 7: case 11: case 12: return read_array(r, t);
    default: return NULL;
    }
}

static PyObject *read_compound(reader_t *r) {
    PyObject *c, *last = NULL;  /* last: the key read last (a borrowed reference, the dict holds it) */
    if (r->depth >= r->depth_limit) return NULL;
    r->depth++;
    c = PyDict_Type.tp_new(C_Compound, empty_tuple, NULL);
    if (c == NULL) return NULL;
    for (;;) {
        int t;
        Py_ssize_t len;
        PyObject *key, *value;
        if (r->pos >= r->n) goto fail;
        t = r->p[r->pos];
        if (t == 0) { r->pos++; break; }
        if (t > 12 || r->pos + 3 > r->n) goto fail;
        len = rd16(r, r->pos + 1);
        if (r->pos + 3 + len > r->n) goto fail;
        key = read_text(r, r->pos + 3, len, 0);
        if (key == NULL) goto fail;
        r->pos += 3 + len;
        value = read_payload(r, t);
        if (value == NULL) {
            if (r->over) path_step(r, key);
            Py_DECREF(key);
            goto fail;
        }
        if (PyDict_SetItem(c, key, value) < 0) { Py_DECREF(key); Py_DECREF(value); goto fail; }
        last = key;
        Py_DECREF(key);
        Py_DECREF(value);
    }
    r->depth--;
    r->tags += PyDict_GET_SIZE(c) + 1;
    if (r->tags > r->max_tags) {
        over_budget(r);
        if (last) path_step(r, last);
        goto fail;
    }
    return c;
fail:
    Py_DECREF(c);
    return NULL;
}

/* A list of compounds (n of them, r->pos at the first) whose first ones are empty (a single End
 * byte each, two tags) as far as the budget goes: stopped where the loop of read_list would stop
 * (the element and offset at which the count first passes max_tags: at an element's start when the
 * budget left is even, after its End when odd), without building the compounds it would throw away
 * (a bomb's million of them: some 50 ms). 0, nothing changed, when the read goes past the budget
 * only later or not at all, or when anything before that point is another byte (the loop reads it). */
static int empty_compounds_over_budget(reader_t *r, long long n) {
    long long left = r->max_tags - r->tags, at = left / 2, zeros = at + (left & 1);
    if (left < 0 || at >= n || r->depth >= r->depth_limit || zeros > (long long)(r->n - r->pos)) return 0;
    for (long long k = 0; k < zeros; k++)
        if (r->p[r->pos + k] != 0) return 0;
    r->pos += zeros;
    r->tags += 2 * at + 1 + (left & 1);
    over_budget(r);
    {
        PyObject *index = PyLong_FromLongLong(at);
        path_step(r, index);
        Py_XDECREF(index);
    }
    return 1;
}

static PyObject *read_list(reader_t *r) {
    int elem;
    long long n, leaves;
    PyObject *lst;
    if (r->pos + 5 > r->n || r->depth >= r->depth_limit) return NULL;
    elem = (signed char)r->p[r->pos];
    n = (int32_t)rd32(r, r->pos + 1);
    if (n < 0 || n > VM_ARRAY_LIMIT || (elem == 0 && n > 0)) return NULL;
    if (n > 0 && (elem < 1 || elem > 12)) return NULL;
    r->depth++;
    r->pos += 5;
    if (elem == 9 || elem == 10) leaves = 0;
    else {
        long long room = (r->n - r->pos) / (elem >= 0 && elem <= 12 ? MIN_WIDTH[elem] : 1);
        leaves = n < room ? n : room;
    }
    r->tags += leaves + 1;
    if (r->tags > r->max_tags) { over_budget(r); return NULL; }
    lst = PyList_Type.tp_new(C_List, empty_tuple, NULL);
    if (lst == NULL) return NULL;
    if (PyObject_SetAttr(lst, s_declared_type, elem_ids[(unsigned char)elem]) < 0) goto fail;
    if (elem >= 1 && elem <= 6) {
        int w = FIXED_WIDTH[elem];
        if ((long long)(r->n - r->pos) < n * w) goto fail;
        for (long long i = 0; i < n; i++) {
            PyObject *v = read_number(r, elem, r->pos + i * w);
            if (v == NULL) goto fail;
            if (PyList_Append(lst, v) < 0) { Py_DECREF(v); goto fail; }
            Py_DECREF(v);
        }
        r->pos += n * w;
    } else {
        if (elem == 10 && empty_compounds_over_budget(r, n)) goto fail;
        for (long long i = 0; i < n; i++) {
            PyObject *v;
            if (elem == 10) {
                if (++r->tags > r->max_tags) {
                    over_budget(r);
                    v = NULL;
                    goto element_failed;
                }
                v = read_compound(r);
                if (v && r->unwrap && PyDict_GET_SIZE(v) == 1) {  /* ListTag.addAndUnwrap (26.x) */
                    PyObject *inner = PyDict_GetItemWithError(v, s_empty);
                    if (inner) { Py_INCREF(inner); Py_DECREF(v); v = inner; }
                    else if (PyErr_Occurred()) { Py_DECREF(v); v = NULL; }
                }
            } else {
                v = read_payload(r, elem);
            }
        element_failed:
            if (v == NULL) {
                if (r->over) {
                    PyObject *index = PyLong_FromLongLong(i);
                    path_step(r, index);
                    Py_XDECREF(index);
                }
                goto fail;
            }
            if (PyList_Append(lst, v) < 0) { Py_DECREF(v); goto fail; }
            Py_DECREF(v);
        }
    }
    r->depth--;
    return lst;
fail:
    Py_DECREF(lst);
    return NULL;
}

static PyObject *read_tree(PyObject *self, PyObject *args) {
    reader_t r;
    Py_buffer view;
    int t;
    Py_ssize_t pos;
    PyObject *tree;
    if (!configured) { PyErr_SetString(PyExc_RuntimeError, "configure() first"); return NULL; }
    memset(&r, 0, sizeof r);
    if (!PyArg_ParseTuple(args, "Oniiiill" "L" "OOO", &r.data, &pos, &t, &r.little, &r.utf8, &r.unwrap,
                          &r.depth, &r.depth_limit, &r.max_tags, &r.decode, &r.array_tag, &r.wire))
        return NULL;
    if (!PyBytes_CheckExact(r.data)) { PyErr_SetString(PyExc_TypeError, "data must be bytes"); return NULL; }
    if (PyObject_GetBuffer(r.data, &view, PyBUF_SIMPLE) < 0) return NULL;
    r.p = view.buf;
    r.n = view.len;
    r.pos = pos;
    r.tags = 0;
    {  /* Python's cyclic garbage collector paused while the tree is built (as NbtReader._read_tree
          does): tags hold no cycles, and its passes over many new dicts cost more than the reading */
        long depth0 = r.depth;
        int gc_was_enabled = PyGC_Disable();
        tree = (pos < 0 || pos > r.n) ? NULL : t == 10 ? read_compound(&r) : t == 9 ? read_list(&r) : NULL;
        if (gc_was_enabled) PyGC_Enable();
        if (tree && r.depth != depth0) { Py_DECREF(tree); tree = NULL; }
    }
    PyBuffer_Release(&view);
    if (tree == NULL) {
        if (PyErr_Occurred() && !PyErr_ExceptionMatches(PyExc_Exception)) {  /* KeyboardInterrupt */
            Py_XDECREF(r.path);
            return NULL;
        }
        if (r.over && r.path != NULL && !PyErr_Occurred()) {  /* over the budget: where */
            if (PyList_Reverse(r.path) == 0) return Py_BuildValue("OnN", Py_None, r.over_pos, r.path);
        }
        Py_XDECREF(r.path);
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    Py_XDECREF(r.path);
    return Py_BuildValue("NnL", tree, r.pos, r.tags);
}

/* =========================================== writing =========================================== */

typedef struct {
    PyObject *out;  /* the writer's bytearray, written in place: [start, len) so far, cap its size now */
    char *buf;
    Py_ssize_t start, len, cap;
    int little, mutf8, canonical, hetero, hashmap_order;
    long depth;
    PyObject *plans, *plan_of, *strings, *encode;
} writer_t;

static int grow(writer_t *w, Py_ssize_t extra) {
    if (w->len + extra <= w->cap) return 0;
    /* a first 64 KiB (a chunk's NBT in one step: no copy of what is written so far), then doubling */
    Py_ssize_t cap = w->cap - w->start < 65536 ? w->start + 65536 : w->start + 2 * (w->cap - w->start);
    while (cap < w->len + extra) cap = w->start + 2 * (cap - w->start);
    if (PyByteArray_Resize(w->out, cap) < 0) return -1;
    w->buf = PyByteArray_AS_STRING(w->out);
    w->cap = cap;
    return 0;
}
static inline int put(writer_t *w, const void *src, Py_ssize_t n) {
    if (grow(w, n) < 0) return -1;
    memcpy(w->buf + w->len, src, n);
    w->len += n;
    return 0;
}
static inline int put_byte(writer_t *w, int b) {
    if (w->len >= w->cap && grow(w, 1) < 0) return -1;
    w->buf[w->len++] = (char)b;
    return 0;
}
static inline int put_uint(writer_t *w, uint64_t v, int width) {
    if (grow(w, width) < 0) return -1;
    unsigned char *q = (unsigned char *)w->buf + w->len;
    for (int i = 0; i < width; i++) q[w->little ? i : width - 1 - i] = (unsigned char)(v >> (8 * i));
    w->len += width;
    return 0;
}

static int tag_id(PyObject *o) {
    PyTypeObject *t = Py_TYPE(o);
    if (t == C_String) return 8;
    if (t == C_Int) return 3;
    if (t == C_Compound) return 10;
    if (t == C_Byte) return 1;
    if (t == C_List) return 9;
    if (t == C_Long) return 4;
    if (t == C_Float) return 5;
    if (t == C_Double) return 6;
    if (t == C_Short) return 2;
    if (t == C_LongArray) return 12;
    if (t == C_ByteArray) return 7;
    if (t == C_IntArray) return 11;
    return -1;  /* not one of ours exactly: the pure writer decides */
}

/* JDK DataOutputStream.writeUTF's bytes of s (mutf8.encode_mutf8) with the length prefix, when
 * they are at most 65,535 bytes; 1 when longer (the caller's encoder applies the fallback rules) */
static int put_java_utf(writer_t *w, PyObject *s) {
    Py_ssize_t n = PyUnicode_GET_LENGTH(s), size = 0;
    int kind = PyUnicode_KIND(s);
    const void *data = PyUnicode_DATA(s);
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        size += (c >= 1 && c < 0x80) ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 6;
    }
    if (size > 65535) return 1;
    if (put_uint(w, (uint64_t)size, 2) < 0 || grow(w, size) < 0) return -1;
    unsigned char *q = (unsigned char *)w->buf + w->len;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        Py_UCS4 units[2];
        int m = 1;
        units[0] = c;
        if (c >= 0x10000) { units[0] = 0xD800 + ((c - 0x10000) >> 10); units[1] = 0xDC00 + ((c - 0x10000) & 0x3FF); m = 2; }
        for (int k = 0; k < m; k++) {
            Py_UCS4 u = units[k];
            if (u >= 1 && u < 0x80) *q++ = (unsigned char)u;
            else if (u < 0x800) { *q++ = 0xC0 | (u >> 6); *q++ = 0x80 | (u & 0x3F); }
            else { *q++ = 0xE0 | (u >> 12); *q++ = 0x80 | ((u >> 6) & 0x3F); *q++ = 0x80 | (u & 0x3F); }
        }
    }
    w->len += size;
    return 0;
}

/* writeUTF of a str: ASCII and modified UTF-8 here, anything else through the caller's cache and encoder */
static int write_text(writer_t *w, PyObject *s, int value) {
    if (PyUnicode_IS_ASCII(s)) {
        Py_ssize_t n = PyUnicode_GET_LENGTH(s);
        const char *d = (const char *)PyUnicode_DATA(s);
        if (n <= 65535 && !(w->mutf8 && memchr(d, 0, n))) {
            if (put_uint(w, (uint64_t)n, 2) < 0) return -1;
            return put(w, d, n);
        }
    }
    if (w->mutf8) {
        int rc = put_java_utf(w, s);
        if (rc <= 0) return rc;
    }
    PyObject *b = PyDict_GetItemWithError(w->strings, s);
    if (b) Py_INCREF(b);
    else {
        if (PyErr_Occurred()) return -1;
        b = PyObject_CallFunctionObjArgs(w->encode, s, value ? Py_True : Py_False, NULL);
        if (b == NULL) return -1;
    }
    if (!PyBytes_Check(b)) { Py_DECREF(b); PyErr_SetString(PyExc_TypeError, "encoder must give bytes"); return -1; }
    int rc = put(w, PyBytes_AS_STRING(b), PyBytes_GET_SIZE(b));
    Py_DECREF(b);
    return rc;
}

static int write_int_value(writer_t *w, PyObject *o, int t) {
    int overflow;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    static const long long lo[5] = {0, -128, -32768, -2147483648LL, 0};
    static const long long hi[5] = {0, 127, 32767, 2147483647LL, 0};
    if (v == -1 && PyErr_Occurred()) return -1;
    if (overflow || (t < 4 && (v < lo[t] || v > hi[t]))) { PyErr_SetString(PyExc_OverflowError, "out of range"); return -1; }
    return put_uint(w, (uint64_t)v, FIXED_WIDTH[t]);
}

static int write_float_value(writer_t *w, PyObject *o, int t) {
    Py_ssize_t off = t == 5 ? float_bits_offset : double_bits_offset;
    PyObject *b = off >= 0 ? *(PyObject **)((char *)o + off) : NULL;
    unsigned long long bits;
    if (b == NULL || !PyLong_Check(b)) { PyErr_SetString(PyExc_TypeError, "no bits"); return -1; }
    bits = PyLong_AsUnsignedLongLong(b);
    if (bits == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    if (t == 5) {
        if (bits > 0xFFFFFFFFull) { PyErr_SetString(PyExc_OverflowError, "out of range"); return -1; }
        if (w->canonical && (bits & 0x7F800000u) == 0x7F800000u && (bits & 0x007FFFFFu)) bits = 0x7FC00000u;
        return put_uint(w, bits, 4);
    }
    if (w->canonical && (bits & 0x7FF0000000000000ull) == 0x7FF0000000000000ull && (bits & 0x000FFFFFFFFFFFFFull))
        bits = 0x7FF8000000000000ull;
    return put_uint(w, bits, 8);
}

static int write_array_value(writer_t *w, PyObject *o, int t) {
    Py_ssize_t width = t == 7 ? 1 : t == 11 ? 4 : 8;
    PyObject *a = PyObject_GetAttr(o, s_array);
    Py_buffer v;
    int rc = -1;
    if (a == NULL) return -1;
    if (PyObject_GetBuffer(a, &v, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) { Py_DECREF(a); return -1; }
    /* only the dtype the tag holds (int8/int32/int64, native order); anything else the pure way */
    const char *f = v.format ? v.format : "B";
    int sign_ok = (width == 1 && (strcmp(f, "b") == 0)) ||
                  (width == 4 && (strcmp(f, "i") == 0 || (sizeof(long) == 4 && strcmp(f, "l") == 0))) ||
                  (width == 8 && (strcmp(f, "q") == 0 || (sizeof(long) == 8 && strcmp(f, "l") == 0)));
    if (!sign_ok || v.ndim != 1 || v.itemsize != width) { PyErr_SetString(PyExc_TypeError, "dtype"); goto done; }
    Py_ssize_t n = v.shape[0];
    if (n > 2147483647) { PyErr_SetString(PyExc_OverflowError, "too long"); goto done; }
    if (put_uint(w, (uint64_t)n, 4) < 0 || grow(w, n * width) < 0) goto done;
    {
        const unsigned char *src = v.buf;
        unsigned char *dst = (unsigned char *)w->buf + w->len;
        int native_little = 1;
        int swap = width > 1 && (*(char *)&native_little == 1) != w->little;
        if (!swap) memcpy(dst, src, n * width);
        else for (Py_ssize_t i = 0; i < n; i++)
            for (Py_ssize_t k = 0; k < width; k++) dst[i * width + k] = src[i * width + width - 1 - k];
        w->len += n * width;
    }
    rc = 0;
done:
    PyBuffer_Release(&v);
    Py_DECREF(a);
    return rc;
}

static int write_compound(writer_t *w, PyObject *c);
static int write_list(writer_t *w, PyObject *l);

static int write_value(writer_t *w, PyObject *o, int t) {
    switch (t) {
    case 1: case 2: case 3: case 4: return write_int_value(w, o, t);
    case 5: case 6: return write_float_value(w, o, t);
    case 8: return write_text(w, o, 1);
    case 9: return write_list(w, o);
    case 10: return write_compound(w, o);
    default: return write_array_value(w, o, t);
    }
}

typedef struct { uint32_t slot; Py_ssize_t index; } order_t;

static int by_slot(const void *a, const void *b) {
    const order_t *x = a, *y = b;
    if (x->slot != y->slot) return x->slot < y->slot ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* NbtWriter._plan for the common case, put into the writer's plan cache: every key a short
 * ASCII str without NUL, the table grown from 16 and no HashMap chain ever reaching 9 entries
 * (java_hashmap.iteration_order's fast case: slots from 0 up, put order within a slot).
 * NULL without an error for any other compound: the caller asks NbtWriter._plan. */
static PyObject *build_plan(writer_t *w, PyObject *c) {
    Py_ssize_t n = PyDict_GET_SIZE(c), i = 0, j = 0;
    PyObject *k, *v, *keys, *plan = NULL;
    order_t *order;
    uint32_t *counts = NULL;
    if (n > 4096) return NULL;
    order = PyMem_Malloc((n ? n : 1) * sizeof(order_t));
    keys = PyTuple_New(n);
    if (order == NULL || keys == NULL) { PyMem_Free(order); Py_XDECREF(keys); return n ? PyErr_NoMemory() : NULL; }
    while (PyDict_Next(c, &i, &k, &v)) {
        if (!PyUnicode_CheckExact(k) || !PyUnicode_IS_ASCII(k) || PyUnicode_GET_LENGTH(k) > CACHE_BYTES) goto other;
        const unsigned char *d = PyUnicode_DATA(k);
        Py_ssize_t len = PyUnicode_GET_LENGTH(k);
        uint32_t h = 0;
        for (Py_ssize_t m = 0; m < len; m++) {
            if (d[m] == 0 && w->mutf8) goto other;
            h = 31 * h + d[m];
        }
        order[j].slot = h ^ (h >> 16);  /* HashMap.hash; masked below */
        order[j].index = j;
        Py_INCREF(k);
        PyTuple_SET_ITEM(keys, j++, k);
    }
    if (w->hashmap_order && n > 1) {
        uint32_t cap = 16;
        if (n > 8) {  /* _chains_stay_short: no chain reaches 9 entries while the keys are put */
            for (;;) {
                Py_ssize_t held = (Py_ssize_t)(cap / 4 * 3) + 1;
                if (held > n) held = n;
                counts = PyMem_Calloc(cap, sizeof(uint32_t));
                if (counts == NULL) { PyErr_NoMemory(); goto other; }
                for (Py_ssize_t m = 0; m < held; m++)
                    if (++counts[order[m].slot & (cap - 1)] > 8) goto other;
                PyMem_Free(counts);
                counts = NULL;
                if (held >= n) break;
                cap <<= 1;
            }
        }
        cap = 16;
        while (4 * (uint64_t)n > 3 * (uint64_t)cap && cap < (1u << 30)) cap <<= 1;
        for (Py_ssize_t m = 0; m < n; m++) order[m].slot &= cap - 1;
        qsort(order, n, sizeof(order_t), by_slot);
    }
    plan = PyList_New(n);
    if (plan == NULL) goto other;
    for (Py_ssize_t m = 0; m < n; m++) {
        PyObject *key = PyTuple_GET_ITEM(keys, order[m].index), *name, *entry;
        Py_ssize_t len = PyUnicode_GET_LENGTH(key);
        name = PyBytes_FromStringAndSize(NULL, len + 2);
        if (name == NULL) goto other;
        unsigned char *q = (unsigned char *)PyBytes_AS_STRING(name);
        q[w->little ? 0 : 1] = (unsigned char)len;
        q[w->little ? 1 : 0] = (unsigned char)(len >> 8);
        memcpy(q + 2, PyUnicode_DATA(key), len);
        entry = PyTuple_Pack(2, key, name);
        Py_DECREF(name);
        if (entry == NULL) goto other;
        PyList_SET_ITEM(plan, m, entry);
    }
    if (PyDict_GET_SIZE(w->plans) > 32768) PyDict_Clear(w->plans);  /* binary_writer._CACHE_ENTRIES */
    if (PyDict_SetItem(w->plans, keys, plan) < 0) goto other;
    PyMem_Free(order);
    Py_DECREF(keys);
    return plan;
other:
    PyMem_Free(counts);
    PyMem_Free(order);
    Py_DECREF(keys);
    Py_XDECREF(plan);
    return NULL;
}

/* the compound's write plan: [(key, encoded name or None), ...] (the writer's cache, else plan_of) */
static PyObject *plan_for(writer_t *w, PyObject *c) {
    PyObject *ts = PyObject_GetAttr(c, s_table_size), *plan = NULL;
    int grown;
    if (ts == NULL) return NULL;
    grown = ts == Py_None;  /* the table grown from 16: plans are cached by key sequence */
    if (grown) {
        PyObject *keys = PyTuple_New(PyDict_GET_SIZE(c)), *k, *v;
        Py_ssize_t i = 0, j = 0;
        if (keys == NULL) { Py_DECREF(ts); return NULL; }
        while (PyDict_Next(c, &i, &k, &v)) { Py_INCREF(k); PyTuple_SET_ITEM(keys, j++, k); }
        plan = PyDict_GetItemWithError(w->plans, keys);
        Py_XINCREF(plan);
        Py_DECREF(keys);
        if (plan == NULL && PyErr_Occurred()) { Py_DECREF(ts); return NULL; }
    }
    Py_DECREF(ts);
    if (plan == NULL && grown) plan = build_plan(w, c);
    if (plan == NULL && !PyErr_Occurred()) plan = PyObject_CallOneArg(w->plan_of, c);
    return plan;
}

static int write_compound(writer_t *w, PyObject *c) {
    PyObject *plan;
    int rc = -1;
    if (++w->depth > WRITE_DEPTH_LIMIT) { PyErr_SetString(PyExc_RecursionError, "deep"); return -1; }
    plan = plan_for(w, c);
    if (plan == NULL) return -1;
    if (!PyList_CheckExact(plan)) { PyErr_SetString(PyExc_TypeError, "plan"); goto done; }
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(plan); i++) {
        PyObject *entry = PyList_GET_ITEM(plan, i), *key, *name, *child;
        int ct;
        if (!PyTuple_CheckExact(entry) || PyTuple_GET_SIZE(entry) != 2) { PyErr_SetString(PyExc_TypeError, "plan"); goto done; }
        key = PyTuple_GET_ITEM(entry, 0);
        name = PyTuple_GET_ITEM(entry, 1);
        child = PyDict_GetItemWithError(c, key);
        if (child == NULL) { if (!PyErr_Occurred()) PyErr_SetObject(PyExc_KeyError, key); goto done; }
        ct = tag_id(child);
        if (ct < 0) { PyErr_SetString(PyExc_TypeError, "not ours"); goto done; }
        if (put_byte(w, ct) < 0) goto done;
        if (PyBytes_Check(name)) { if (put(w, PyBytes_AS_STRING(name), PyBytes_GET_SIZE(name)) < 0) goto done; }
        else if (!PyUnicode_Check(key) || write_text(w, key, 0) < 0) { if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "key"); goto done; }
        Py_INCREF(child);
        int r2 = write_value(w, child, ct);
        Py_DECREF(child);
        if (r2 < 0) goto done;
    }
    rc = put_byte(w, 0);
done:
    Py_DECREF(plan);
    w->depth--;
    return rc;
}

static int write_list(writer_t *w, PyObject *l) {
    Py_ssize_t n = PyList_GET_SIZE(l);
    int elem = 0, rc = -1;
    if (++w->depth > WRITE_DEPTH_LIMIT) { PyErr_SetString(PyExc_RecursionError, "deep"); return -1; }
    if (n > 2147483647) { PyErr_SetString(PyExc_OverflowError, "long"); goto done; }
    if (n) {
        elem = tag_id(PyList_GET_ITEM(l, 0));
        if (elem < 0) { PyErr_SetString(PyExc_TypeError, "not ours"); goto done; }
        for (Py_ssize_t i = 1; i < n; i++)
            if (tag_id(PyList_GET_ITEM(l, i)) != elem) { PyErr_SetString(PyExc_TypeError, "mixed"); goto done; }
    }
    if (put_byte(w, elem) < 0 || put_uint(w, (uint64_t)n, 4) < 0) goto done;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(l); i++) {
        PyObject *child = PyList_GET_ITEM(l, i);
        int r2;
        Py_INCREF(child);
        if (elem == 10 && w->hetero && PyDict_GET_SIZE(child) == 1 && PyDict_Contains(child, s_empty) == 1) {
            /* ListTag.wrapIfNeeded (26.x): written as {"": child} */
            r2 = put(w, "\x0a\x00\x00", 3);
            if (r2 == 0) r2 = write_compound(w, child);
            if (r2 == 0) r2 = put_byte(w, 0);
        } else {
            r2 = write_value(w, child, elem);
        }
        Py_DECREF(child);
        if (r2 < 0) goto done;
        if (PyList_GET_SIZE(l) != n) { PyErr_SetString(PyExc_RuntimeError, "changed"); goto done; }
    }
    rc = 0;
done:
    w->depth--;
    return rc;
}

static PyObject *write_tree(PyObject *self, PyObject *args) {
    writer_t w;
    PyObject *tag;
    int t, rc;
    if (!configured) { PyErr_SetString(PyExc_RuntimeError, "configure() first"); return NULL; }
    memset(&w, 0, sizeof w);
    if (!PyArg_ParseTuple(args, "OOiiiiiiOOOO", &w.out, &tag, &t, &w.little, &w.mutf8, &w.canonical, &w.hetero,
                          &w.hashmap_order, &w.plans, &w.plan_of, &w.strings, &w.encode))
        return NULL;
    if (!PyByteArray_CheckExact(w.out)) { PyErr_SetString(PyExc_TypeError, "out must be a bytearray"); return NULL; }
    w.start = w.len = w.cap = PyByteArray_GET_SIZE(w.out);
    w.buf = PyByteArray_AS_STRING(w.out);
    if (!PyDict_Check(w.plans) || !PyDict_Check(w.strings)) { PyErr_SetString(PyExc_TypeError, "caches are dicts"); return NULL; }
    if (t == 10 && Py_TYPE(tag) == C_Compound) rc = write_compound(&w, tag);
    else if (t == 9 && Py_TYPE(tag) == C_List) rc = write_list(&w, tag);
    else rc = -2;
    if (rc == 0 && PyByteArray_Resize(w.out, w.len) == 0) Py_RETURN_TRUE;
    {  /* nothing written: out as it was, and the pure writer does it */
        PyObject *type, *value, *tb;
        PyErr_Fetch(&type, &value, &tb);
        if (PyByteArray_Resize(w.out, w.start) < 0) PyErr_Clear();
        PyErr_Restore(type, value, tb);
    }
    if (PyErr_Occurred() && !PyErr_ExceptionMatches(PyExc_Exception)) return NULL;  /* KeyboardInterrupt */
    PyErr_Clear();
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"configure", configure, METH_VARARGS, "configure(12 tag classes in id order without End and String last..., byte tags)"},
    {"read_tree", read_tree, METH_VARARGS,
     "read_tree(data, pos, tag_id, little, utf8, unwrap, depth, depth_limit, max_tags, decode, array_tag, wire)"
     " -> (tree, end, tags); (None, offset, path) when over max_tags (path: keys and list indices, outermost"
     " first); None to leave it to the pure reader. The cyclic garbage collector is paused while the tree is built"},
    {"write_tree", write_tree, METH_VARARGS,
     "write_tree(out, tag, tag_id, little, mutf8, canonical_nan, heterogeneous, hashmap_order, plans, plan_of, strings,"
     " encode) -> True (appended to the bytearray out) or None (out unchanged)"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_fast_binary",
                                    "The compiled fast path of binary NBT (see harness.formats.nbt.fast_binary).",
                                    -1, methods};

/* Zeroed memory whose pages are touched now, at import: calloc may hand out fresh pages untouched,
   and a first read in a fresh process would then fault each cache page in as its hashes land
   there (up to 80 page faults, more than the rest of a small chunk's first read costs). */
static void *touched_zeroes(size_t count, size_t size) {
    void *p = PyMem_Malloc(count * size);
    if (p != NULL) memset(p, 0, count * size);
    return p;
}

PyMODINIT_FUNC PyInit__fast_binary(void) {
    for (int k = 0; k < 3; k++)
        if ((int_cache[k] = touched_zeroes(INT_SLOTS, sizeof(int_slot_t))) == NULL) return PyErr_NoMemory();
    key_cache = touched_zeroes(CACHE_SLOTS, sizeof(PyObject *));
    string_cache = touched_zeroes(CACHE_SLOTS, sizeof(PyObject *));
    if (!key_cache || !string_cache) return PyErr_NoMemory();
    s_declared_type = PyUnicode_InternFromString("declared_type");
    s_bits = PyUnicode_InternFromString("bits");
    s_array = PyUnicode_InternFromString("array");
    s_table_size = PyUnicode_InternFromString("table_size");
    s_empty = PyUnicode_InternFromString("");
    empty_tuple = PyTuple_New(0);
    if (!s_declared_type || !s_bits || !s_array || !s_table_size || !s_empty || !empty_tuple) return NULL;
    for (int i = 0; i < 256; i++) {
        elem_ids[i] = PyLong_FromLong((signed char)i);
        if (elem_ids[i] == NULL) return NULL;
    }
    return PyModule_Create(&module);
}
