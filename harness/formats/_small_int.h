/* A plain int's value read at once where CPython keeps it in one digit (most ids and indices),
 * else through the API: shared by the compiled fast paths (_varint.c, palette/_quick_set.c).
 * small_value(op, &out) for an exact int op: 1 and its value when it fits a long long, else 0
 * (no error left set). */
#ifndef HARNESS_SMALL_INT_H
#define HARNESS_SMALL_INT_H

#include <Python.h>

static inline int small_value(PyObject *op, long long *out) {
#if PY_VERSION_HEX >= 0x030C0000
    if (PyUnstable_Long_IsCompact((PyLongObject *)op)) {
        *out = (long long)PyUnstable_Long_CompactValue((PyLongObject *)op);
        return 1;
    }
#else
    Py_ssize_t size = Py_SIZE(op);
    if (size == 0 || size == 1) {
        *out = size ? (long long)((PyLongObject *)op)->ob_digit[0] : 0;
        return 1;
    }
#endif
    int overflow = 0;
    long long value = PyLong_AsLongLongAndOverflow(op, &overflow);
    if (overflow || (value == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return 0;
    }
    *out = value;
    return 1;
}

#endif
