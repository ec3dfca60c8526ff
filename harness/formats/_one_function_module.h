/* The module definition of an extension that holds one function (the C API's boilerplate),
 * shared by _varint.c and storage/_long_bytes.c:
 *
 *   ONE_FUNCTION_MODULE(_name, function, METH_..., "function's doc", "module's doc")
 *
 * defines the method table, the module and PyInit__name, the module's name being _name. */
#ifndef HARNESS_ONE_FUNCTION_MODULE_H
#define HARNESS_ONE_FUNCTION_MODULE_H

#include <Python.h>

#define ONE_FUNCTION_MODULE(name, function, flags, function_doc, module_doc)                              \
    static PyMethodDef name##_methods[] = {                                                               \
        {#function, (PyCFunction)(void (*)(void))function, flags, function_doc},                          \
        {NULL, NULL, 0, NULL},                                                                            \
    };                                                                                                    \
    static struct PyModuleDef name##_module = {PyModuleDef_HEAD_INIT, #name, module_doc, -1, name##_methods}; \
    PyMODINIT_FUNC PyInit_##name(void) { return PyModule_Create(&name##_module); }

#endif
