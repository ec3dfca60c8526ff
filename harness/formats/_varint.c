/* VarInts of many ints in one C call (harness/formats/varint.py's write_varints).
 *
 * write_varints(values): for a list or tuple of plain ints, each from -2**31 to 2**32 - 1, the
 * bytes of their VarInts one after another (each int taken as its unsigned 32-bit pattern, 7 bits a
 * byte, low bits first, the high bit set on every byte but the last); None for anything else (another
 * kind of sequence, an element that is not a plain int or is out of that range), so that the
 * caller's pure path answers it, with its own error where there is one.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "_small_int.h"
#include "_one_function_module.h"

static PyObject *write_varints(PyObject *module, PyObject *values) {
    if (!PyList_CheckExact(values) && !PyTuple_CheckExact(values))
        Py_RETURN_NONE;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(values);
    PyObject **items = PySequence_Fast_ITEMS(values);
    PyObject *out = PyBytes_FromStringAndSize(NULL, n * 5);
    if (out == NULL)
        return NULL;
    unsigned char *p = (unsigned char *)PyBytes_AS_STRING(out);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = items[i];
        long long value;
        if (!PyLong_CheckExact(item) || !small_value(item, &value))
            goto decline;
        if (value < -2147483648LL || value > 4294967295LL)
            goto decline;
        unsigned long word = (unsigned long)((unsigned long long)value & 0xFFFFFFFFULL);
        while (word & ~0x7FUL) {
            *p++ = (unsigned char)((word & 0x7F) | 0x80);
            word >>= 7;
        }
        *p++ = (unsigned char)word;
    }
    if (_PyBytes_Resize(&out, (Py_ssize_t)(p - (unsigned char *)PyBytes_AS_STRING(out))) < 0)
        return NULL;
    return out;
decline:
    Py_DECREF(out);
    Py_RETURN_NONE;
}

ONE_FUNCTION_MODULE(_varint, write_varints, METH_O,
                    "write_varints(values) -> bytes or None: the VarInts of a list or tuple of 32-bit ints, else None.",
                    "VarInts of many ints in one C call (see harness/formats/varint.py).")
