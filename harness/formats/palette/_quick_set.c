/* PalettedContainer.set_at's quick path in one C call (harness/formats/palette/quick_set.py).
 *
 * QuickSet is the base type of PalettedContainer where this was built, so that set_at is a
 * method of the type (one C call from Python, and no bound method kept on the instance, so a
 * container is no reference cycle). Its state is set and cleared by the container:
 *
 *   _quick_start(known, cells, registry, global, entries, capacity)
 *     known:    dict value -> id (the palette's idFor, for every value it holds: the palette's
 *               own id_map() where it holds registry ids alone, which this only reads but
 *               for adding as below);
 *     cells:    a writable one-dimensional buffer of 1-, 2- or 4-byte unsigned cells (the
 *               storage's, one id each);
 *     registry: the registry's size (a value is a registry id 0..registry-1);
 *     global:   true for a global palette, whose ids are the values themselves;
 *     entries:  the palette's list of entries, or None: a new registry id is appended to it
 *               (and put in known with the next id) while it holds fewer than capacity, as
 *               LinearPalette and HashMapPalette add a value that fits, the map and the list
 *               together as the palette's own _add keeps them (the container passes it only
 *               where known is the palette's own map);
 *   _quick_stop(): lets all of it go.
 *
 * set_at(index, value): where index and value are plain ints, 0 <= index < len(cells) and the
 * value is known (or a global palette's, or new with room left), stores its id in the cell and
 * returns None. What it cannot answer while started, for a plain int value, goes straight to
 * self._set_at_in_full(index, value) (a resize, a refusal: the map was asked already, and the
 * pure path would only ask it again); anything else (stopped, or a value of another type) to
 * self._set_at_in_python(index, value), the pure quick path, which hands on to the full path
 * what it cannot answer either.
 *
 * own_set_at(cls) gives the subclass cls the same set_at as its own method (see there).
 *
 * And two helpers of a resize's copy (PalettedContainer._copy_from, quick_set.known_ids), each
 * one pass in C where Python needed several:
 *   first_appearances(cells): the distinct values of a one-dimensional buffer of 1- or 2-byte
 *     unsigned cells, in the order they first appear, as a list of ints; None for other cells;
 *   registry_ids(keys, registry): whether every key of a dict (or item of a list) is a plain
 *     int (no bool) in 0..registry-1.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#include "../_small_int.h"

/* Known values seen since the start, value -> id: the map's answers, so a hit needs no dict
 * lookup. An open-addressing table (linear probing) that keeps each value it is given, so that
 * a palette's values (at most 256 for a linear or hash map palette) all stay in it, where a
 * table that replaced one value by another thrashed at k = 200 (measured: that fill 15-20 % slower).
 * The map never changes an id it gave while started (it only grows), so an entry stays right
 * until the next _quick_start empties the table (it is read only while started); past
 * SEEN_MOST values it takes no more (the dict answers those). */
#define SEEN_SLOTS 512
#define SEEN_MOST 384
typedef struct {
    int32_t value; /* -1: empty */
    int32_t id;
} Seen;

static inline unsigned seen_slot(long long value) {
    return (unsigned)(((uint32_t)value * 2654435761u) >> 23); /* 9 bits: 512 slots */
}

typedef struct {
    PyObject_HEAD
    PyObject *known;   /* NULL while stopped */
    PyObject *entries; /* NULL: no value is added here */
    Py_buffer cells;
    int has_cells;
    int global_ids;
    Py_ssize_t length;
    Py_ssize_t itemsize;
    Py_ssize_t capacity;
    long registry;
    Seen *seen; /* SEEN_SLOTS of them, made on the first start (kept apart: a container stays small) */
    int seen_count; /* values in it */
} QuickSet;

static Seen *spare_seen; /* a table of a container gone, kept for the next one (under the GIL) */

static PyObject *python_name; /* "_set_at_in_python" */
static PyObject *full_name;   /* "_set_at_in_full" */

static void QuickSet_release(QuickSet *self) {
    Py_CLEAR(self->known);
    Py_CLEAR(self->entries);
    if (self->has_cells) {
        self->has_cells = 0;
        PyBuffer_Release(&self->cells);
    }
    self->length = 0;
    self->capacity = 0;
    self->registry = 0;
    self->global_ids = 0; /* the table of values seen is emptied when the next start begins */
}

static int QuickSet_traverse(QuickSet *self, visitproc visit, void *arg) {
    Py_VISIT(self->known);
    Py_VISIT(self->entries);
    if (self->has_cells)
        Py_VISIT(self->cells.obj);
    return 0;
}

static int QuickSet_clear(QuickSet *self) {
    QuickSet_release(self);
    return 0;
}

static void QuickSet_dealloc(QuickSet *self) {
    PyObject_GC_UnTrack(self);
    QuickSet_release(self);
    if (spare_seen == NULL)
        spare_seen = self->seen; /* a section's containers come and go: the next takes it, no malloc */
    else
        PyMem_Free(self->seen);
    self->seen = NULL;
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *QuickSet_start(QuickSet *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError, "_quick_start(known, cells, registry, global, entries, capacity)");
        return NULL;
    }
    PyObject *known = args[0], *entries = args[4];
    if (!PyDict_CheckExact(known)) {
        PyErr_SetString(PyExc_TypeError, "_quick_start: known must be a dict");
        return NULL;
    }
    if (entries != Py_None && !PyList_CheckExact(entries)) {
        PyErr_SetString(PyExc_TypeError, "_quick_start: entries must be a list or None");
        return NULL;
    }
    long registry = PyLong_AsLong(args[2]);
    if (registry == -1 && PyErr_Occurred())
        return NULL;
    int global_ids = PyObject_IsTrue(args[3]);
    if (global_ids < 0)
        return NULL;
    Py_ssize_t capacity = PyLong_AsSsize_t(args[5]);
    if (capacity == -1 && PyErr_Occurred())
        return NULL;
    QuickSet_release(self);
    if (self->seen == NULL && spare_seen != NULL) {
        self->seen = spare_seen;
        spare_seen = NULL;
    }
    if (self->seen == NULL && (self->seen = PyMem_Malloc(SEEN_SLOTS * sizeof(Seen))) == NULL)
        return PyErr_NoMemory();
    memset(self->seen, 0xFF, SEEN_SLOTS * sizeof(Seen)); /* empty: every value is looked up again */
    self->seen_count = 0;
    if (PyObject_GetBuffer(args[1], &self->cells, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_ND) < 0)
        return NULL;
    self->has_cells = 1;
    const char *format = self->cells.format ? self->cells.format : "B";
    if (format[0] == '<' || format[0] == '=' || format[0] == '@')
        format++;
    Py_ssize_t itemsize = self->cells.itemsize;
    int unsigned_cells = (format[0] == 'B' && itemsize == 1) || (format[0] == 'H' && itemsize == 2) ||
                         ((format[0] == 'I' || format[0] == 'L') && itemsize == 4);
    if (self->cells.ndim != 1 || !unsigned_cells || format[1] != '\0') {
        PyErr_Format(PyExc_ValueError, "_quick_start: cells must be one-dimensional unsigned 1-, 2- or 4-byte "
                     "cells, not format %s of %zd bytes in %d dimensions",
                     self->cells.format ? self->cells.format : "B", itemsize, self->cells.ndim);
        QuickSet_release(self);
        return NULL;
    }
    self->itemsize = itemsize;
    self->length = self->cells.shape[0];
    self->registry = registry;
    self->global_ids = global_ids;
    self->capacity = capacity;
    Py_INCREF(known);
    self->known = known;
    if (entries != Py_None) {
        Py_INCREF(entries);
        self->entries = entries;
    }
    Py_RETURN_NONE;
}

static PyObject *QuickSet_stop(QuickSet *self, PyObject *unused) {
    QuickSet_release(self);
    Py_RETURN_NONE;
}

/* The id to store for value (a plain int), or -1 where the full path must answer; -2 with an error set. */
static long QuickSet_id(QuickSet *self, PyObject *value) {
    long long v;
    if (!small_value(value, &v) || v < 0 || v >= self->registry)
        return -1; /* no registry id (never a key of the map): the full path refuses it */
    if (self->global_ids)
        return (long)v;
    unsigned slot = seen_slot(v);
    Seen *seen = &self->seen[slot];
    if (seen->value == (int32_t)v) /* the first probe: most hits */
        return seen->id;
    while (seen->value != -1) { /* the next slots, to its own or the empty one where it would go (never full) */
        slot = (slot + 1) & (SEEN_SLOTS - 1);
        seen = &self->seen[slot];
        if (seen->value == (int32_t)v)
            return seen->id;
    }
    PyObject *found = PyDict_GetItemWithError(self->known, value); /* borrowed */
    long id;
    if (found != NULL) {
        id = PyLong_AsLong(found); /* ids the container put there: small ints */
        if (id == -1 && PyErr_Occurred())
            return -2;
    } else if (PyErr_Occurred()) {
        return -2;
    } else {
        if (self->entries == NULL)
            return -1;
        Py_ssize_t next = PyList_GET_SIZE(self->entries);
        if (next >= self->capacity)
            return -1; /* full: the full path resizes */
        PyObject *new_id = PyLong_FromSsize_t(next);
        if (new_id == NULL)
            return -2;
        if (PyDict_SetItem(self->known, value, new_id) < 0) {
            Py_DECREF(new_id);
            return -2;
        }
        if (PyList_Append(self->entries, value) < 0) {  /* the map and the entries agree however it fails */
            PyObject *type, *error, *trace;
            PyErr_Fetch(&type, &error, &trace);
            if (PyDict_DelItem(self->known, value) < 0)
                PyErr_Clear();
            PyErr_Restore(type, error, trace);
            Py_DECREF(new_id);
            return -2;
        }
        Py_DECREF(new_id);
        id = (long)next;
    }
    if (id >= 0 && id <= INT32_MAX && v <= INT32_MAX && self->seen_count < SEEN_MOST) {
        seen->value = (int32_t)v; /* (nothing above ran code of ours: the slot is still empty) */
        seen->id = (int32_t)id;
        self->seen_count++;
    }
    return id;
}

static PyObject *QuickSet_set_at(QuickSet *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs == 2 && self->known != NULL && PyLong_CheckExact(args[0]) && PyLong_CheckExact(args[1])) {
        long long index;
        if (small_value(args[0], &index) && index >= 0 && index < self->length) {
            long id = QuickSet_id(self, args[1]);
            if (id == -2)
                return NULL;
            if (id >= 0) {
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
    }
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "set_at() takes 2 arguments (%zd given)", nargs);
        return NULL;
    }
    /* started, a plain int value: the map was asked here (or the index is refused), so the full
     * path, not the pure one, which would ask it again */
    PyObject *way_on = self->known != NULL && PyLong_CheckExact(args[1]) ? full_name : python_name;
    PyObject *call[3] = {(PyObject *)self, args[0], args[1]};
    return PyObject_VectorcallMethod(way_on, call, 3 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
}

static PyMethodDef QuickSet_methods[] = {
    /* set_at first: own_set_at makes a subclass's own method of this entry */
    {"set_at", (PyCFunction)(void (*)(void))QuickSet_set_at, METH_FASTCALL,
     "set_at($self, index, value, /)\n--\n\n"
     "Sets the value at an index (the palette takes the value before the index is checked)."},
    {"_quick_start", (PyCFunction)(void (*)(void))QuickSet_start, METH_FASTCALL,
     "_quick_start(known, cells, registry, global, entries, capacity): turns the quick path on."},
    {"_quick_stop", (PyCFunction)QuickSet_stop, METH_NOARGS,
     "_quick_stop(): turns the quick path off; every set_at then asks the Python side."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject QuickSetType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "harness.formats.palette._quick_set.QuickSet",
    .tp_doc = "The base of PalettedContainer that holds set_at's quick path (see quick_set.py).",
    .tp_basicsize = sizeof(QuickSet),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .tp_dealloc = (destructor)QuickSet_dealloc,
    .tp_traverse = (traverseproc)QuickSet_traverse,
    .tp_clear = (inquiry)QuickSet_clear,
    .tp_methods = QuickSet_methods,
};

/* own_set_at(cls): gives cls (a subclass of QuickSet) a set_at of its own, the same method made
 * for cls itself: Python's call of a method of a C type is quickest for an instance of exactly
 * the type that defines it (the interpreter's specialised call checks the type for identity). */
static PyObject *own_set_at(PyObject *module, PyObject *cls) {
    if (!PyType_Check(cls) || !PyType_IsSubtype((PyTypeObject *)cls, &QuickSetType)) {
        PyErr_SetString(PyExc_TypeError, "own_set_at: cls must be a subclass of QuickSet");
        return NULL;
    }
    PyObject *descr = PyDescr_NewMethod((PyTypeObject *)cls, &QuickSet_methods[0]); /* set_at */
    if (descr == NULL)
        return NULL;
    int failed = PyObject_SetAttrString(cls, "set_at", descr);
    Py_DECREF(descr);
    if (failed < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* first_appearances(cells): see the top of the file. */
static PyObject *first_appearances(PyObject *module, PyObject *arg) {
    Py_buffer view;
    if (PyObject_GetBuffer(arg, &view, PyBUF_FORMAT | PyBUF_ND) < 0) {
        PyErr_Clear(); /* no contiguous buffer: not cells this takes */
        Py_RETURN_NONE;
    }
    const char *format = view.format ? view.format : "B";
    if (format[0] == '<' || format[0] == '=' || format[0] == '@')
        format++;
    int byte_cells = format[0] == 'B' && view.itemsize == 1, short_cells = format[0] == 'H' && view.itemsize == 2;
    if (view.ndim != 1 || format[1] != '\0' || !(byte_cells || short_cells)) {
        PyBuffer_Release(&view);
        Py_RETURN_NONE;
    }
    Py_ssize_t n = view.shape[0], bound = byte_cells ? 256 : 65536;
    unsigned char *seen = PyMem_Calloc((size_t)bound, 1);
    PyObject *out = seen == NULL ? NULL : PyList_New(0);
    if (out == NULL) {
        PyMem_Free(seen);
        PyBuffer_Release(&view);
        return seen == NULL ? PyErr_NoMemory() : NULL;
    }
    Py_ssize_t found = 0;
    for (Py_ssize_t i = 0; i < n && found < bound; i++) {
        unsigned v = byte_cells ? ((unsigned char *)view.buf)[i] : ((unsigned short *)view.buf)[i];
        if (seen[v])
            continue;
        seen[v] = 1;
        found++;
        PyObject *id = PyLong_FromLong((long)v);
        if (id == NULL || PyList_Append(out, id) < 0) {
            Py_XDECREF(id);
            Py_CLEAR(out);
            break;
        }
        Py_DECREF(id);
    }
    PyMem_Free(seen);
    PyBuffer_Release(&view);
    return out;
}

/* registry_ids(keys, registry): see the top of the file. */
static PyObject *registry_ids(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "registry_ids(keys, registry)");
        return NULL;
    }
    PyObject *keys = args[0];
    long registry = PyLong_AsLong(args[1]);
    if (registry == -1 && PyErr_Occurred())
        return NULL;
    int is_dict = PyDict_Check(keys);
    if (!is_dict && !PyList_Check(keys)) {
        PyErr_SetString(PyExc_TypeError, "registry_ids: keys must be a dict or a list");
        return NULL;
    }
    Py_ssize_t at = 0, n = is_dict ? 0 : PyList_GET_SIZE(keys);
    PyObject *key, *value;
    for (;;) {
        if (is_dict) {
            if (!PyDict_Next(keys, &at, &key, &value))
                break;
        } else {
            if (at >= n)
                break;
            key = PyList_GET_ITEM(keys, at++);
        }
        long long v;
        if (!PyLong_CheckExact(key) || !small_value(key, &v) || v < 0 || v >= registry)
            Py_RETURN_FALSE;
    }
    Py_RETURN_TRUE;
}

static PyMethodDef module_methods[] = {
    {"own_set_at", own_set_at, METH_O, "own_set_at(cls): cls's own set_at (QuickSet's, made for cls)."},
    {"first_appearances", first_appearances, METH_O,
     "first_appearances(cells): the distinct values of 1- or 2-byte unsigned cells in the order they first "
     "appear (a list), or None for other cells."},
    {"registry_ids", (PyCFunction)(void (*)(void))registry_ids, METH_FASTCALL,
     "registry_ids(keys, registry): whether every key of a dict (item of a list) is a plain int in "
     "0..registry-1."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef quick_set_module = {
    PyModuleDef_HEAD_INIT, "_quick_set", "PalettedContainer.set_at's quick path (see quick_set.py).", -1,
    module_methods,
};

PyMODINIT_FUNC PyInit__quick_set(void) {
    python_name = PyUnicode_InternFromString("_set_at_in_python");
    if (python_name == NULL)
        return NULL;
    full_name = PyUnicode_InternFromString("_set_at_in_full");
    if (full_name == NULL)
        return NULL;
    QuickSetType.tp_new = PyBaseObject_Type.tp_new; /* object.__new__ makes a container (unpack) */
    if (PyType_Ready(&QuickSetType) < 0)
        return NULL;
    PyObject *module = PyModule_Create(&quick_set_module);
    if (module == NULL)
        return NULL;
    Py_INCREF(&QuickSetType);
    if (PyModule_AddObject(module, "QuickSet", (PyObject *)&QuickSetType) < 0) {
        Py_DECREF(&QuickSetType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
