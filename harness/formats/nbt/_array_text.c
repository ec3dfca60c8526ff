/* The compiled SNBT text of NBT arrays (harness.formats.nbt.string_tag_visitor._array_parts).
 *
 * text(values, head, tail, cut) -> str: for each element of the 1-D buffer `values` (signed
 * 8-, 32- or 64-bit integers, native order, C-contiguous: a ByteArrayTag's, IntArrayTag's or
 * LongArrayTag's array), `head`, the element's decimal text (a '-' for a negative one, the
 * shortest digits, as Java's Byte/Integer/Long.toString), then `tail`; the last `cut`
 * characters of the whole left off (the separator after an array's last element). The
 * result is an ASCII str. `head` and `tail` are ASCII bytes of at most 8 bytes each.
 *
 * It prints exactly what the pure NumPy printer of string_tag_visitor prints for the same
 * elements (tests/formats/test_array_text.py compares them); the SNBT rules of a release
 * (which suffix, which spacing) are chosen by the caller, from one table. TypeError for a
 * buffer of any other shape or element type: the caller then prints it the pure way.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define MAX_PART 8      /* head and tail: at most this many bytes each */
#define MAX_DIGITS 20   /* "-9223372036854775808" */

static const char DIGIT_PAIRS[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

/* the decimal text of v at q (no terminator); its length */
static inline Py_ssize_t put_decimal(char *q, int64_t v) {
    uint64_t m = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;  /* |Long.MIN_VALUE| fits unsigned */
    Py_ssize_t sign = v < 0, digits = 1;
    for (uint64_t bound = 10; digits < MAX_DIGITS - 1 && m >= bound; bound *= 10) digits++;
    char *p = q + sign + digits;
    if (sign) *q = '-';
    while (m >= 100) {
        unsigned r = (unsigned)(m % 100);
        m /= 100;
        p -= 2;
        memcpy(p, DIGIT_PAIRS + 2 * r, 2);
    }
    if (m >= 10) { p -= 2; memcpy(p, DIGIT_PAIRS + 2 * m, 2); }
    else *--p = (char)('0' + m);
    return sign + digits;
}

static PyObject *text(PyObject *self, PyObject *args) {
    PyObject *values;
    const char *head, *tail;
    Py_ssize_t head_len, tail_len, cut;
    Py_buffer view;
    PyObject *out = NULL;
    if (!PyArg_ParseTuple(args, "Oy#y#n", &values, &head, &head_len, &tail, &tail_len, &cut)) return NULL;
    if (head_len > MAX_PART || tail_len > MAX_PART || cut < 0) {
        PyErr_SetString(PyExc_ValueError, "head and tail take at most 8 bytes, cut is not negative");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < head_len; i++) if (head[i] & 0x80) goto not_ascii;
    for (Py_ssize_t i = 0; i < tail_len; i++) if (tail[i] & 0x80) goto not_ascii;
    if (PyObject_GetBuffer(values, &view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return NULL;
    {
        const char *f = view.format ? view.format : "B";
        if (*f == '=' || *f == '@') f++;
        int width = (int)view.itemsize;
        int ok = view.ndim == 1 && f[0] && !f[1] &&
                 ((width == 1 && f[0] == 'b') ||
                  (width == 4 && (f[0] == 'i' || (f[0] == 'l' && sizeof(long) == 4))) ||
                  (width == 8 && (f[0] == 'q' || (f[0] == 'l' && sizeof(long) == 8))));
        if (!ok) {
            PyErr_SetString(PyExc_TypeError, "values must be a 1-D buffer of int8, int32 or int64");
            goto done;
        }
        char head8[MAX_PART], tail8[MAX_PART];  /* stored as whole words, the pointer advanced by their lengths */
        memset(head8, 0, MAX_PART); memcpy(head8, head, head_len);
        memset(tail8, 0, MAX_PART); memcpy(tail8, tail, tail_len);
        Py_ssize_t n = view.len / width, per = head_len + MAX_DIGITS + tail_len;
        if (n > (PY_SSIZE_T_MAX - MAX_PART) / per) { PyErr_NoMemory(); goto done; }
        char *scratch = PyMem_Malloc(n * per + MAX_PART), *q = scratch;  /* a whole word stored past the last text */
        if (scratch == NULL) { PyErr_NoMemory(); goto done; }
        if (width == 1) {  /* 256 possible texts: each one 8-byte word, stored whole, advanced by its length */
            char words[256][8];
            unsigned char lengths[256];
            if (head_len + 4 + tail_len > 8) {  /* a text longer than one word: the general way */
                for (Py_ssize_t i = 0; i < n; i++) {
                    memcpy(q, head8, MAX_PART); q += head_len;
                    q += put_decimal(q, ((const int8_t *)view.buf)[i]);
                    memcpy(q, tail8, MAX_PART); q += tail_len;
                }
            } else {
                for (int b = 0; b < 256; b++) {
                    char *w = words[b];
                    memset(w, 0, 8);
                    memcpy(w, head, head_len);
                    Py_ssize_t k = head_len + put_decimal(w + head_len, (int8_t)b);
                    memcpy(w + k, tail, tail_len);
                    lengths[b] = (unsigned char)(k + tail_len);
                }
                const unsigned char *src = view.buf;
                for (Py_ssize_t i = 0; i < n; i++) {
                    memcpy(q, words[src[i]], 8);
                    q += lengths[src[i]];
                }
            }
        } else {
            for (Py_ssize_t i = 0; i < n; i++) {
                int64_t v = width == 4 ? ((const int32_t *)view.buf)[i] : ((const int64_t *)view.buf)[i];
                memcpy(q, head8, MAX_PART); q += head_len;
                q += put_decimal(q, v);
                memcpy(q, tail8, MAX_PART); q += tail_len;
            }
        }
        Py_ssize_t length = q - scratch - cut;
        if (length < 0) length = 0;
        out = PyUnicode_New(length, 127);
        if (out != NULL) memcpy(PyUnicode_1BYTE_DATA(out), scratch, length);
        PyMem_Free(scratch);
    }
done:
    PyBuffer_Release(&view);
    return out;
not_ascii:
    PyErr_SetString(PyExc_ValueError, "head and tail must be ASCII");
    return NULL;
}

static PyMethodDef methods[] = {
    {"text", text, METH_VARARGS,
     "text(values, head, tail, cut) -> str: head + decimal + tail per element, the last cut characters left off"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_array_text",
                                    "The compiled SNBT text of NBT arrays (see harness.formats.nbt.string_tag_visitor).",
                                    -1, methods};

PyMODINIT_FUNC PyInit__array_text(void) { return PyModule_Create(&module); }
