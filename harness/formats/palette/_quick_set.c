/* PalettedContainer.set_at's quick path in one C call (harness/formats/palette/quick_set.py).
 *
 * CellWriter(ids, cells, fallback[, registry]).set_at(index, value): when index and value are
 * plain ints, value is a key of the dict ids (or, with registry > 0, a global palette's id:
 * 0 <= value < registry) and 0 <= index < len(cells), stores the id in the cell and returns
 * None; anything else is answered by fallback(index, value), the full path. cells is a
 * writable one-dimensional buffer of 1-, 2- or 4-byte unsigned cells (a memoryview of the
 * storage's uint8/uint16/uint32 array); ids maps values to ids that fit them. close() lets
 * them go: a set_at kept from before (a bound method held by a caller) then always asks the
 * fallback, which answers for the container as it is now.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

typedef struct {
    PyObject_HEAD
    PyObject *ids;
    PyObject *fallback;
    Py_buffer cells;
    int has_cells;
    Py_ssize_t length;
    Py_ssize_t itemsize;
    long registry;
} CellWriter;

static int CellWriter_traverse(CellWriter *self, visitproc visit, void *arg) {
    Py_VISIT(self->ids);
    Py_VISIT(self->fallback);
    return 0;
}

static int CellWriter_clear(CellWriter *self) {
    Py_CLEAR(self->ids);
    Py_CLEAR(self->fallback);
    return 0;
}

static void CellWriter_dealloc(CellWriter *self) {
    PyObject_GC_UnTrack(self);
    CellWriter_clear(self);
    if (self->has_cells) {
        PyBuffer_Release(&self->cells);
        self->has_cells = 0;
    }
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int CellWriter_init(CellWriter *self, PyObject *args, PyObject *kwds) {
    static char *names[] = {"ids", "cells", "fallback", "registry", NULL};
    PyObject *ids, *cells, *fallback;
    long registry = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!OO|l:CellWriter", names, &PyDict_Type, &ids, &cells,
                                     &fallback, &registry))
        return -1;
    if (!PyCallable_Check(fallback)) {
        PyErr_SetString(PyExc_TypeError, "CellWriter: fallback must be callable");
        return -1;
    }
    if (self->has_cells) {
        PyBuffer_Release(&self->cells);
        self->has_cells = 0;
    }
    if (PyObject_GetBuffer(cells, &self->cells, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_ND) < 0)
        return -1;
    self->has_cells = 1;
    const char *format = self->cells.format ? self->cells.format : "B";
    if (format[0] == '<' || format[0] == '=' || format[0] == '@')
        format++;
    Py_ssize_t itemsize = self->cells.itemsize;
    int unsigned_cells = (format[0] == 'B' && itemsize == 1) || (format[0] == 'H' && itemsize == 2) ||
                         ((format[0] == 'I' || format[0] == 'L') && itemsize == 4);
    if (self->cells.ndim != 1 || !unsigned_cells || format[1] != '\0') {
        PyErr_Format(PyExc_ValueError, "CellWriter: cells must be one-dimensional unsigned 1-, 2- or 4-byte "
                     "cells, not format %s of %zd bytes in %d dimensions", self->cells.format ? self->cells.format : "B",
                     itemsize, self->cells.ndim);
        return -1;
    }
    self->itemsize = itemsize;
    self->length = self->cells.shape[0];
    self->registry = registry;
    Py_INCREF(ids);
    Py_XSETREF(self->ids, ids);
    Py_INCREF(fallback);
    Py_XSETREF(self->fallback, fallback);
    return 0;
}

static PyObject *CellWriter_set_at(CellWriter *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs == 2 && self->ids != NULL && PyLong_CheckExact(args[0]) && PyLong_CheckExact(args[1])) {
        long id = -1;
        if (self->registry > 0) {
            int overflow = 0;
            long value = PyLong_AsLongAndOverflow(args[1], &overflow);
            if (!overflow && value >= 0 && value < self->registry)
                id = value;
        } else {
            PyObject *found = PyDict_GetItemWithError(self->ids, args[1]); /* borrowed */
            if (found != NULL && PyLong_CheckExact(found))
                id = PyLong_AsLong(found);
            else if (found == NULL && PyErr_Occurred())
                return NULL;
        }
        if (id >= 0) {
            int overflow = 0;
            long long index = PyLong_AsLongLongAndOverflow(args[0], &overflow);
            if (!overflow && index >= 0 && index < self->length) {
                char *cells = (char *)self->cells.buf;
                if (self->itemsize == 1)
                    ((unsigned char *)cells)[index] = (unsigned char)id;
                else if (self->itemsize == 2)
                    ((unsigned short *)cells)[index] = (unsigned short)id;
                else
                    ((unsigned int *)cells)[index] = (unsigned int)id;
                Py_RETURN_NONE;
            }
        }
        if (PyErr_Occurred())
            PyErr_Clear();
    }
    if (self->fallback == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "CellWriter: not initialised");
        return NULL;
    }
    return PyObject_Vectorcall(self->fallback, args, (size_t)nargs, NULL);
}

static PyObject *CellWriter_close(CellWriter *self, PyObject *unused) {
    Py_CLEAR(self->ids);
    self->registry = 0;
    if (self->has_cells) {
        PyBuffer_Release(&self->cells);
        self->has_cells = 0;
    }
    self->length = 0;
    Py_RETURN_NONE;
}

static PyMethodDef CellWriter_methods[] = {
    {"set_at", (PyCFunction)(void (*)(void))CellWriter_set_at, METH_FASTCALL,
     "set_at(index, value): stores a known value's id in its cell, or asks the fallback."},
    {"close", (PyCFunction)CellWriter_close, METH_NOARGS,
     "close(): lets the map and the cells go; every set_at from then on asks the fallback."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject CellWriterType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "harness.formats.palette._quick_set.CellWriter",
    .tp_doc = "CellWriter(ids, cells, fallback, registry=0): PalettedContainer.set_at's quick path.",
    .tp_basicsize = sizeof(CellWriter),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)CellWriter_init,
    .tp_dealloc = (destructor)CellWriter_dealloc,
    .tp_traverse = (traverseproc)CellWriter_traverse,
    .tp_clear = (inquiry)CellWriter_clear,
    .tp_methods = CellWriter_methods,
};

static struct PyModuleDef quick_set_module = {
    PyModuleDef_HEAD_INIT, "_quick_set", "PalettedContainer.set_at's quick path (see quick_set.py).", -1, NULL,
};

PyMODINIT_FUNC PyInit__quick_set(void) {
    if (PyType_Ready(&CellWriterType) < 0)
        return NULL;
    PyObject *module = PyModule_Create(&quick_set_module);
    if (module == NULL)
        return NULL;
    Py_INCREF(&CellWriterType);
    if (PyModule_AddObject(module, "CellWriter", (PyObject *)&CellWriterType) < 0) {
        Py_DECREF(&CellWriterType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
