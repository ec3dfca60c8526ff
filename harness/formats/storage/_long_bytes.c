/* A storage's longs as FriendlyByteBuf writes them, in one C call (harness/formats/storage/long_bytes.py).
 *
 * big_endian(prefix, words) -> bytes: the bytes of prefix (any bytes-like object) followed by
 * each 8-byte cell of words (a one-dimensional buffer of 8-byte items, strided or not:
 * SimpleBitStorage's uint64 words, or int64 longs, in the machine's own order) as 8 bytes, most
 * significant first, in one new bytes object. ValueError for words of another item size or shape.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "../_one_function_module.h"

static inline uint64_t to_big_endian(uint64_t w) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return w;
#elif defined(__GNUC__) || defined(__clang__)
    return __builtin_bswap64(w);
#else
    return ((w & 0xFFULL) << 56) | ((w & 0xFF00ULL) << 40) | ((w & 0xFF0000ULL) << 24) |
           ((w & 0xFF000000ULL) << 8) | ((w >> 8) & 0xFF000000ULL) | ((w >> 24) & 0xFF0000ULL) |
           ((w >> 40) & 0xFF00ULL) | (w >> 56);
#endif
}

static PyObject *big_endian(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "big_endian(prefix, words) takes 2 arguments");
        return NULL;
    }
    Py_buffer prefix, words;
    if (PyObject_GetBuffer(args[0], &prefix, PyBUF_SIMPLE) < 0)
        return NULL;
    if (PyObject_GetBuffer(args[1], &words, PyBUF_STRIDES) < 0) {
        PyBuffer_Release(&prefix);
        return NULL;
    }
    PyObject *out = NULL;
    if (words.itemsize != 8 || words.ndim != 1) {
        PyErr_Format(PyExc_ValueError, "big_endian: words must be one-dimensional 8-byte cells, not %zd-byte ones "
                     "in %d dimensions", words.itemsize, words.ndim);
        goto done;
    }
    Py_ssize_t count = words.shape[0];
    Py_ssize_t stride = words.strides[0];
    if (prefix.len > PY_SSIZE_T_MAX - words.len) {
        PyErr_NoMemory();
        goto done;
    }
    out = PyBytes_FromStringAndSize(NULL, prefix.len + words.len);
    if (out == NULL)
        goto done;
    char *p = PyBytes_AS_STRING(out);
    if (prefix.len)
        memcpy(p, prefix.buf, (size_t)prefix.len);
    p += prefix.len;
    const char *w = (const char *)words.buf;
    for (Py_ssize_t i = 0; i < count; i++) {
        uint64_t word;
        memcpy(&word, w + stride * i, 8);
        word = to_big_endian(word);
        memcpy(p + 8 * i, &word, 8);
    }
done:
    PyBuffer_Release(&words);
    PyBuffer_Release(&prefix);
    return out;
}

ONE_FUNCTION_MODULE(_long_bytes, big_endian, METH_FASTCALL,
                    "big_endian(prefix, words) -> bytes: prefix, then each 8-byte word most significant byte first.",
                    "A storage's longs big-endian in one C call (see long_bytes.py).")
