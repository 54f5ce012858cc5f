/* fiu._fiu: CPython extension over the C golden model (docs/python.md). Thin: every result is
 * computed by cmodel/ (libfiu_cmodel); this file converts Python objects to C structs and back,
 * range-checks every value (ValueError/TypeError, never a crash) and loops over buffers in C.
 * The Python layer (python/fiu/__init__.py) does broadcasting, dataclasses and enums. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fiu.h"
#include "fiu_f32.h"
#include "fiu_vectors.h"
#include "fiu_version.h"

static PyObject *VectorFormatError; /* "file:line: reason" of the C reader; subclass of ValueError */

/* ---- integers ---- */

/* obj -> *out in 0..max (bool, int or numpy integer). what names the value in messages. */
static int get_uint(PyObject *obj, const char *what, uint64_t max, uint64_t *out)
{
    if (PyFloat_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s: expected an integer (a bit pattern), got float", what);
        return -1;
    }
    PyObject *idx = PyNumber_Index(obj);
    if (!idx) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s: expected an integer, got %s", what, Py_TYPE(obj)->tp_name);
        return -1;
    }
    unsigned long long v = PyLong_AsUnsignedLongLong(idx); /* OverflowError if < 0 or >= 2^64 */
    int bad = v == (unsigned long long)-1 && PyErr_Occurred();
    if (bad && !PyErr_ExceptionMatches(PyExc_OverflowError)) {
        Py_DECREF(idx);
        return -1;
    }
    if (bad || v > max) {
        PyErr_Clear();
        PyObject *r = PyObject_Repr(idx);
        char msg[256];
        snprintf(msg, sizeof msg, "%s: value %s out of range (0..0x%llx)", what, r ? PyUnicode_AsUTF8(r) : "?",
                 (unsigned long long)max);
        Py_XDECREF(r);
        Py_DECREF(idx);
        PyErr_SetString(PyExc_ValueError, msg);
        return -1;
    }
    Py_DECREF(idx);
    *out = (uint64_t)v;
    return 0;
}

static int get_attr_uint(PyObject *obj, const char *owner, const char *name, uint64_t max, uint64_t *out)
{
    char what[160];
    snprintf(what, sizeof what, "%s.%s", owner, name);
    PyObject *a = PyObject_GetAttrString(obj, name);
    if (!a) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s: missing attribute (got %s)", what, Py_TYPE(obj)->tp_name);
        return -1;
    }
    int rc = get_uint(a, what, max, out);
    Py_DECREF(a);
    return rc;
}

/* ---- buffers of uint32 ---- */

static int get_u32_buffer(PyObject *obj, Py_buffer *view, int writable, const char *what)
{
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, view, flags) < 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s: expected a C-contiguous%s uint32 buffer, got %s", what,
                     writable ? " writable" : "", Py_TYPE(obj)->tp_name);
        return -1;
    }
    const char *f = view->format ? view->format : "B";
    if (*f == '=' || *f == '<' || *f == '@')
        f++;
    if (view->itemsize != 4 || !(strcmp(f, "I") == 0 || (sizeof(unsigned long) == 4 && strcmp(f, "L") == 0))) {
        PyErr_Format(PyExc_TypeError, "%s: expected uint32 items, got format '%s' (%zd bytes)", what,
                     view->format ? view->format : "B", view->itemsize);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

enum { MAX_IN = 5 };

/* Parses (out, in0, .., in{nin-1}) buffers of one length; returns n or -1. */
static Py_ssize_t get_buffers(PyObject *const *args, Py_ssize_t nargs, int nin, Py_buffer *out, Py_buffer *in,
                              const char *fname)
{
    if (nargs < nin + 1) {
        PyErr_Format(PyExc_TypeError, "%s: expected %d buffers", fname, nin + 1);
        return -1;
    }
    if (get_u32_buffer(args[0], out, 1, "out") < 0)
        return -1;
    Py_ssize_t n = out->len / 4;
    for (int i = 0; i < nin; i++) {
        char what[64];
        snprintf(what, sizeof what, "%s argument %d", fname, i + 1);
        if (get_u32_buffer(args[i + 1], &in[i], 0, what) < 0 || in[i].len / 4 != n) {
            if (!PyErr_Occurred()) {
                PyErr_Format(PyExc_ValueError, "%s: argument %d has %zd items, expected %zd", fname, i + 1,
                             in[i].len / 4, n);
                PyBuffer_Release(&in[i]);
            }
            for (int k = 0; k < i; k++)
                PyBuffer_Release(&in[k]);
            PyBuffer_Release(out);
            return -1;
        }
    }
    return n;
}

static void release_buffers(int nin, Py_buffer *out, Py_buffer *in)
{
    for (int i = 0; i < nin; i++)
        PyBuffer_Release(&in[i]);
    PyBuffer_Release(out);
}

/* Trailing integer parameter k of a vector call. */
static int param(PyObject *const *args, Py_ssize_t nargs, Py_ssize_t k, const char *what, uint64_t max,
                 uint64_t *v)
{
    if (k >= nargs) {
        PyErr_Format(PyExc_TypeError, "missing parameter %s", what);
        return -1;
    }
    return get_uint(args[k], what, max, v);
}

#define U32(b) ((const uint32_t *)(b).buf)

/* v_dotadd(out, a, b, c, d, e, mode, ref) */
static PyObject *v_dotadd(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    Py_buffer out, in[MAX_IN];
    uint64_t mode, ref;
    if (nargs != 8) {
        PyErr_SetString(PyExc_TypeError, "v_dotadd(out, a, b, c, d, e, mode, ref)");
        return NULL;
    }
    if (param(args, nargs, 6, "mode", 3, &mode) < 0 || param(args, nargs, 7, "ref", 1, &ref) < 0)
        return NULL;
    Py_ssize_t n = get_buffers(args, nargs, 5, &out, in, "f32_dotadd");
    if (n < 0)
        return NULL;
    uint32_t *r = out.buf;
    Py_BEGIN_ALLOW_THREADS
    if (ref)
        for (Py_ssize_t i = 0; i < n; i++)
            r[i] = fiu_f32_dotadd_ref(U32(in[0])[i], U32(in[1])[i], U32(in[2])[i], U32(in[3])[i], U32(in[4])[i],
                                      (unsigned)mode);
    else
        fiu_f32_dotadd_batch((size_t)n, U32(in[0]), U32(in[1]), U32(in[2]), U32(in[3]), U32(in[4]),
                             (unsigned)mode, r);
    Py_END_ALLOW_THREADS
    release_buffers(5, &out, in);
    Py_RETURN_NONE;
}

/* v_unary(out, x, op, p0, p1, p2): op 0 flush, 1 saturate, 2 alpha_unorm(bits=p0),
 * 3 unpack(comp=p0, fmt=p1, bgra=p2) */
static PyObject *v_unary(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    Py_buffer out, in[1];
    uint64_t op, p0, p1, p2;
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError, "v_unary(out, x, op, p0, p1, p2)");
        return NULL;
    }
    if (param(args, nargs, 2, "op", 3, &op) < 0 || param(args, nargs, 3, "p0", 0xFFFFFFFFu, &p0) < 0 ||
        param(args, nargs, 4, "p1", 0xFFFFFFFFu, &p1) < 0 || param(args, nargs, 5, "p2", 1, &p2) < 0)
        return NULL;
    if (op == 2 && (p0 < 1 || p0 > 32)) {
        PyErr_Format(PyExc_ValueError, "alpha_unorm: bits %llu out of range (1..32)", (unsigned long long)p0);
        return NULL;
    }
    if (op == 3 && (p0 > 3 || p1 >= FIU_UNPACK_COUNT_)) {
        PyErr_Format(PyExc_ValueError, "unpack: %s %llu out of range (%s)", p0 > 3 ? "comp" : "fmt",
                     (unsigned long long)(p0 > 3 ? p0 : p1), p0 > 3 ? "0..3" : "0..6");
        return NULL;
    }
    Py_ssize_t n = get_buffers(args, nargs, 1, &out, in, "unary");
    if (n < 0)
        return NULL;
    uint32_t *r = out.buf;
    const uint32_t *x = U32(in[0]);
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < n; i++) {
        switch (op) {
        case 0: r[i] = fiu_f32_flush(x[i]); break;
        case 1: r[i] = fiu_f32_saturate(x[i]); break;
        case 2: r[i] = fiu_alpha_unorm(x[i], (unsigned)p0); break;
        default: r[i] = fiu_unpack(x[i], (uint32_t)p0, (uint32_t)p1, p2 != 0); break;
        }
    }
    Py_END_ALLOW_THREADS
    release_buffers(1, &out, in);
    Py_RETURN_NONE;
}

/* v_binary(out, x, y, op, p0, p1): op 0 mul(mode=p0), 1 post_multiply(pmul=p0, sat=p1),
 * 2 alpha_pass(func=p0, format=p1) (out 0/1) */
static PyObject *v_binary(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    Py_buffer out, in[2];
    uint64_t op, p0, p1;
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError, "v_binary(out, x, y, op, p0, p1)");
        return NULL;
    }
    if (param(args, nargs, 3, "op", 2, &op) < 0 || param(args, nargs, 4, "p0", 0xFF, &p0) < 0 ||
        param(args, nargs, 5, "p1", 0xFF, &p1) < 0)
        return NULL;
    if ((op == 0 && p0 > 3) || (op == 1 && (p0 > 1 || p1 > 1))) {
        PyErr_SetString(PyExc_ValueError, "v_binary: flag out of range");
        return NULL;
    }
    if (op == 2 && (p0 > FIU_ALPHA_ALWAYS || p1 > FIU_AFMT_UNORM16)) {
        PyErr_Format(PyExc_ValueError, "alpha_pass: %s %llu out of range (%s)", p0 > 7 ? "func" : "format",
                     (unsigned long long)(p0 > 7 ? p0 : p1), p0 > 7 ? "0..7" : "0..3");
        return NULL;
    }
    Py_ssize_t n = get_buffers(args, nargs, 2, &out, in, "binary");
    if (n < 0)
        return NULL;
    uint32_t *r = out.buf;
    const uint32_t *x = U32(in[0]), *y = U32(in[1]);
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < n; i++) {
        switch (op) {
        case 0: r[i] = fiu_f32_mul(x[i], y[i], (unsigned)p0); break;
        case 1: r[i] = fiu_f32_post_multiply(x[i], y[i], p0 != 0, p1 != 0); break;
        default: r[i] = fiu_alpha_pass((uint32_t)p0, (uint32_t)p1, x[i], y[i]); break;
        }
    }
    Py_END_ALLOW_THREADS
    release_buffers(2, &out, in);
    Py_RETURN_NONE;
}

/* v_fma(out, a, b, e, mode) */
static PyObject *v_fma(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    Py_buffer out, in[3];
    uint64_t mode;
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "v_fma(out, a, b, e, mode)");
        return NULL;
    }
    if (param(args, nargs, 4, "mode", 3, &mode) < 0)
        return NULL;
    Py_ssize_t n = get_buffers(args, nargs, 3, &out, in, "f32_fma");
    if (n < 0)
        return NULL;
    uint32_t *r = out.buf;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < n; i++)
        r[i] = fiu_f32_fma(U32(in[0])[i], U32(in[1])[i], U32(in[2])[i], (unsigned)mode);
    Py_END_ALLOW_THREADS
    release_buffers(3, &out, in);
    Py_RETURN_NONE;
}

/* ---- requests and responses ---- */

typedef enum { F_BOOL, F_U8, F_U16, F_U32 } ftype;
typedef struct {
    const char *name;
    ftype type;
    size_t off;
} field;

#define RF(n, t) {#n, t, offsetof(fiu_request, n)}
static const field req_fields[] = {
    RF(op, F_U8), RF(ipa_mode, F_U8), RF(loc, F_U8), RF(sat, F_BOOL), RF(idx, F_BOOL), RF(atest, F_BOOL),
    RF(pmul, F_BOOL), RF(puniform, F_BOOL), RF(imm, F_U16), RF(vintrp, F_U32), RF(m0, F_U32),
    RF(wave_lane0, F_U8), RF(unpack_fmt, F_U8), RF(unpack_comp, F_U8), RF(unpack_bgra, F_BOOL),
};
#define LF(n, t) {#n, t, offsetof(fiu_lane, n)}
static const field lane_fields[] = {
    LF(active, F_BOOL), LF(guard, F_BOOL), LF(px, F_U16), LF(py, F_U16), LF(sample_id, F_U8),
    LF(coverage, F_U16), LF(prim_base, F_U32), LF(prim_id, F_U32), LF(front_face, F_BOOL),
    LF(ra, F_U32), LF(rb, F_U32), LF(rc, F_U32), LF(rd, F_U32),
};
enum { N_REQ_F = sizeof req_fields / sizeof req_fields[0], N_LANE_F = sizeof lane_fields / sizeof lane_fields[0] };

static const uint64_t field_max[] = {1, 0xFF, 0xFFFF, 0xFFFFFFFFu};

static void fset(void *base, const field *f, uint64_t v)
{
    char *p = (char *)base + f->off;
    switch (f->type) {
    case F_BOOL: *(bool *)p = v != 0; break;
    case F_U8: *(uint8_t *)p = (uint8_t)v; break;
    case F_U16: *(uint16_t *)p = (uint16_t)v; break;
    case F_U32: *(uint32_t *)p = (uint32_t)v; break;
    }
}

static uint64_t fget(const void *base, const field *f)
{
    const char *p = (const char *)base + f->off;
    switch (f->type) {
    case F_BOOL: return *(const bool *)p;
    case F_U8: return *(const uint8_t *)p;
    case F_U16: return *(const uint16_t *)p;
    default: return *(const uint32_t *)p;
    }
}

/* A Request-like object (attributes of fiu_request; `lane` a sequence of Lane-like objects,
 * `lanes` equal to its length) -> *rq. */
static int request_from_py(PyObject *obj, fiu_request *rq)
{
    memset(rq, 0, sizeof *rq);
    uint64_t v;
    for (int i = 0; i < N_REQ_F; i++) {
        if (get_attr_uint(obj, "Request", req_fields[i].name, field_max[req_fields[i].type], &v) < 0)
            return -1;
        fset(rq, &req_fields[i], v);
    }
    uint64_t lanes;
    if (get_attr_uint(obj, "Request", "lanes", FIU_MAX_LANES, &lanes) < 0)
        return -1;
    if (lanes < 1) {
        PyErr_SetString(PyExc_ValueError, "Request.lanes: value 0 out of range (1..64)");
        return -1;
    }
    rq->lanes = (uint32_t)lanes;
    PyObject *seq_obj = PyObject_GetAttrString(obj, "lane");
    if (!seq_obj) {
        PyErr_Clear();
        PyErr_SetString(PyExc_TypeError, "Request.lane: missing attribute (a list of Lane)");
        return -1;
    }
    PyObject *seq = PySequence_Fast(seq_obj, "Request.lane: expected a sequence of Lane");
    Py_DECREF(seq_obj);
    if (!seq)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n != (Py_ssize_t)lanes) {
        PyErr_Format(PyExc_ValueError, "Request.lane: %zd lanes given, Request.lanes is %u", n, rq->lanes);
        Py_DECREF(seq);
        return -1;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *ln = PySequence_Fast_GET_ITEM(seq, k);
        char owner[64];
        snprintf(owner, sizeof owner, "Request.lane[%zd]", k);
        for (int i = 0; i < N_LANE_F; i++) {
            if (get_attr_uint(ln, owner, lane_fields[i].name, field_max[lane_fields[i].type], &v) < 0) {
                Py_DECREF(seq);
                return -1;
            }
            fset(&rq->lane[k], &lane_fields[i], v);
        }
    }
    Py_DECREF(seq);
    return 0;
}

/* dict of the request fields, with "lane": list of dicts. */
static PyObject *request_to_py(const fiu_request *rq)
{
    PyObject *d = PyDict_New();
    PyObject *lanes = PyList_New(rq->lanes);
    if (!d || !lanes)
        goto fail;
    for (int i = 0; i < N_REQ_F; i++) {
        PyObject *v = req_fields[i].type == F_BOOL ? PyBool_FromLong((long)fget(rq, &req_fields[i]))
                                                   : PyLong_FromUnsignedLongLong(fget(rq, &req_fields[i]));
        if (!v || PyDict_SetItemString(d, req_fields[i].name, v) < 0) {
            Py_XDECREF(v);
            goto fail;
        }
        Py_DECREF(v);
    }
    for (uint32_t k = 0; k < rq->lanes; k++) {
        PyObject *ld = PyDict_New();
        if (!ld)
            goto fail;
        PyList_SET_ITEM(lanes, k, ld);
        for (int i = 0; i < N_LANE_F; i++) {
            const field *f = &lane_fields[i];
            PyObject *v = f->type == F_BOOL ? PyBool_FromLong((long)fget(&rq->lane[k], f))
                                            : PyLong_FromUnsignedLongLong(fget(&rq->lane[k], f));
            if (!v || PyDict_SetItemString(ld, f->name, v) < 0) {
                Py_XDECREF(v);
                goto fail;
            }
            Py_DECREF(v);
        }
    }
    if (PyDict_SetItemString(d, "lane", lanes) < 0)
        goto fail;
    Py_DECREF(lanes);
    return d;
fail:
    Py_XDECREF(d);
    Py_XDECREF(lanes);
    return NULL;
}

/* (lanes, (results...), wmask, kill, pred, status) */
static PyObject *response_to_py(const fiu_response *rsp)
{
    PyObject *res = PyTuple_New(rsp->lanes);
    if (!res)
        return NULL;
    for (uint32_t i = 0; i < rsp->lanes; i++) {
        PyObject *v = PyLong_FromUnsignedLong(rsp->result[i]);
        if (!v) {
            Py_DECREF(res);
            return NULL;
        }
        PyTuple_SET_ITEM(res, i, v);
    }
    return Py_BuildValue("(INKKNI)", rsp->lanes, res, (unsigned long long)rsp->wmask,
                         (unsigned long long)rsp->kill, PyBool_FromLong(rsp->pred), (unsigned)rsp->status);
}

/* Response-like object (lanes, result, wmask, kill, pred, status) -> *rsp. */
static int response_from_py(PyObject *obj, fiu_response *rsp)
{
    memset(rsp, 0, sizeof *rsp);
    uint64_t v;
    if (get_attr_uint(obj, "Response", "lanes", FIU_MAX_LANES, &v) < 0)
        return -1;
    if (v < 1) {
        PyErr_SetString(PyExc_ValueError, "Response.lanes: value 0 out of range (1..64)");
        return -1;
    }
    rsp->lanes = (uint32_t)v;
    uint64_t lane_mask = rsp->lanes == 64 ? ~0ull : (1ull << rsp->lanes) - 1;
    if (get_attr_uint(obj, "Response", "wmask", lane_mask, &rsp->wmask) < 0 ||
        get_attr_uint(obj, "Response", "kill", lane_mask, &rsp->kill) < 0)
        return -1;
    if (get_attr_uint(obj, "Response", "pred", 1, &v) < 0)
        return -1;
    rsp->pred = v != 0;
    if (get_attr_uint(obj, "Response", "status", 0xFF, &v) < 0)
        return -1;
    rsp->status = (uint8_t)v;
    PyObject *r = PyObject_GetAttrString(obj, "result");
    if (!r)
        return -1;
    PyObject *seq = PySequence_Fast(r, "Response.result: expected a sequence of int");
    Py_DECREF(r);
    if (!seq)
        return -1;
    if (PySequence_Fast_GET_SIZE(seq) != (Py_ssize_t)rsp->lanes) {
        PyErr_Format(PyExc_ValueError, "Response.result: %zd results for %u lanes", PySequence_Fast_GET_SIZE(seq),
                     rsp->lanes);
        Py_DECREF(seq);
        return -1;
    }
    for (uint32_t i = 0; i < rsp->lanes; i++) {
        char what[64];
        snprintf(what, sizeof what, "Response.result[%u]", i);
        if (get_uint(PySequence_Fast_GET_ITEM(seq, i), what, 0xFFFFFFFFu, &v) < 0) {
            Py_DECREF(seq);
            return -1;
        }
        rsp->result[i] = (uint32_t)v;
    }
    Py_DECREF(seq);
    return 0;
}

/* ---- vector records ---- */

static PyObject *u32_tuple(const uint32_t *w, uint32_t n)
{
    PyObject *t = PyTuple_New(n);
    for (uint32_t i = 0; t && i < n; i++) {
        PyObject *v = PyLong_FromUnsignedLong(w[i]);
        if (!v) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, v);
    }
    return t;
}

static PyObject *u8_tuple(const uint8_t *w, uint32_t n)
{
    uint32_t tmp[FIU_MAX_SAMPLES];
    for (uint32_t i = 0; i < n; i++)
        tmp[i] = w[i];
    return u32_tuple(tmp, n);
}

/* (kind, line, fields...) as documented in python/fiu/vectors.py. */
static PyObject *record_to_py(const fiu_vrec *rec)
{
    unsigned long line = rec->line;
    switch (rec->kind) {
    case FIU_VREC_RAMSIZE:
        return Py_BuildValue("(ikI)", (int)rec->kind, line, rec->u.ramsize);
    case FIU_VREC_RAM:
        return Py_BuildValue("(ikIN)", (int)rec->kind, line, rec->u.ram.addr,
                             u32_tuple(rec->u.ram.word, rec->u.ram.count));
    case FIU_VREC_MAP:
        return Py_BuildValue("(ikINII)", (int)rec->kind, line, rec->u.map.dword, PyBool_FromLong(rec->u.map.present),
                             rec->u.map.plane, rec->u.map.interp);
    case FIU_VREC_SAMPLES: {
        const fiu_vrec_samples *s = &rec->u.samples;
        uint32_t n = s->count < FIU_MAX_SAMPLES ? s->count : FIU_MAX_SAMPLES;
        if (s->standard)
            return Py_BuildValue("(ikIOOO)", (int)rec->kind, line, s->count, Py_None, Py_None, Py_None);
        PyObject *pr = s->has_priority ? u8_tuple(s->priority, n) : (Py_INCREF(Py_None), Py_None);
        return Py_BuildValue("(ikINNN)", (int)rec->kind, line, s->count, u8_tuple(s->x, n), u8_tuple(s->y, n), pr);
    }
    case FIU_VREC_ALPHA:
        return Py_BuildValue("(ikIII)", (int)rec->kind, line, rec->u.alpha.func, rec->u.alpha.format,
                             rec->u.alpha.ref);
    case FIU_VREC_MODE: {
        PyObject *fl = rec->u.mode.flush < 0 ? (Py_INCREF(Py_None), Py_None) : PyBool_FromLong(rec->u.mode.flush);
        PyObject *fu = rec->u.mode.fused < 0 ? (Py_INCREF(Py_None), Py_None) : PyBool_FromLong(rec->u.mode.fused);
        return Py_BuildValue("(ikNN)", (int)rec->kind, line, fl, fu);
    }
    case FIU_VREC_REQUEST: {
        PyObject *ex = rec->u.req.has_expect ? response_to_py(&rec->u.req.expect) : (Py_INCREF(Py_None), Py_None);
        return Py_BuildValue("(ikNN)", (int)rec->kind, line, request_to_py(&rec->u.req.rq), ex);
    }
    }
    PyErr_SetString(PyExc_RuntimeError, "unknown record kind");
    return NULL;
}

static int small_list(PyObject *obj, const char *what, uint32_t want, uint64_t max, uint8_t *out)
{
    PyObject *seq = PySequence_Fast(obj, what);
    if (!seq)
        return -1;
    if (PySequence_Fast_GET_SIZE(seq) != (Py_ssize_t)want) {
        PyErr_Format(PyExc_ValueError, "%s: %zd entries given, expected %u (min(count, 16))", what,
                     PySequence_Fast_GET_SIZE(seq), want);
        Py_DECREF(seq);
        return -1;
    }
    for (uint32_t i = 0; i < want; i++) {
        uint64_t v;
        char w[96];
        snprintf(w, sizeof w, "%s[%u]", what, i);
        if (get_uint(PySequence_Fast_GET_ITEM(seq, i), w, max, &v) < 0) {
            Py_DECREF(seq);
            return -1;
        }
        out[i] = (uint8_t)v;
    }
    Py_DECREF(seq);
    return 0;
}

static int opt_bit(PyObject *obj, const char *name, int *out)
{
    PyObject *a = PyObject_GetAttrString(obj, name);
    if (!a)
        return -1;
    if (a == Py_None) {
        *out = -1;
    } else {
        uint64_t v;
        char what[64];
        snprintf(what, sizeof what, "Mode.%s", name);
        if (get_uint(a, what, 1, &v) < 0) {
            Py_DECREF(a);
            return -1;
        }
        *out = (int)v;
    }
    Py_DECREF(a);
    return 0;
}

/* A record object of python/fiu/vectors.py (attribute KIND and its fields) -> *rec. */
static int record_from_py(PyObject *obj, fiu_vrec *rec)
{
    uint64_t kind, v;
    memset(rec, 0, sizeof *rec);
    if (get_attr_uint(obj, "record", "KIND", FIU_VREC_REQUEST, &kind) < 0)
        return -1;
    rec->kind = (fiu_vrec_kind)kind;
    switch (rec->kind) {
    case FIU_VREC_RAMSIZE:
        if (get_attr_uint(obj, "RamSize", "ramsize", FIU_VEC_MAX_RAMSIZE, &v) < 0)
            return -1;
        if (v < 1) {
            PyErr_SetString(PyExc_ValueError, "RamSize.ramsize: value 0 out of range (1..0x1000000)");
            return -1;
        }
        rec->u.ramsize = (uint32_t)v;
        return 0;
    case FIU_VREC_RAM: {
        if (get_attr_uint(obj, "Ram", "addr", 0xFFFFFFFFu, &v) < 0)
            return -1;
        rec->u.ram.addr = (uint32_t)v;
        PyObject *w = PyObject_GetAttrString(obj, "words");
        if (!w)
            return -1;
        PyObject *seq = PySequence_Fast(w, "Ram.words: expected a sequence of int");
        Py_DECREF(w);
        if (!seq)
            return -1;
        Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
        if (n < 1 || n > FIU_VEC_MAX_RAM_WORDS) {
            PyErr_Format(PyExc_ValueError, "Ram.words: %zd words (1..%d per record)", n, FIU_VEC_MAX_RAM_WORDS);
            Py_DECREF(seq);
            return -1;
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            char what[64];
            snprintf(what, sizeof what, "Ram.words[%zd]", i);
            if (get_uint(PySequence_Fast_GET_ITEM(seq, i), what, 0xFFFFFFFFu, &v) < 0) {
                Py_DECREF(seq);
                return -1;
            }
            rec->u.ram.word[i] = (uint32_t)v;
        }
        rec->u.ram.count = (uint32_t)n;
        Py_DECREF(seq);
        return 0;
    }
    case FIU_VREC_MAP:
        if (get_attr_uint(obj, "Map", "dword", FIU_MAP_ENTRIES - 1, &v) < 0)
            return -1;
        rec->u.map.dword = (uint32_t)v;
        if (get_attr_uint(obj, "Map", "present", 1, &v) < 0)
            return -1;
        rec->u.map.present = v != 0;
        if (get_attr_uint(obj, "Map", "plane", 0xFF, &v) < 0)
            return -1;
        rec->u.map.plane = (uint32_t)v;
        if (get_attr_uint(obj, "Map", "interp", FIU_INTERP_LINEAR, &v) < 0)
            return -1;
        rec->u.map.interp = (uint32_t)v;
        return 0;
    case FIU_VREC_SAMPLES: {
        fiu_vrec_samples *s = &rec->u.samples;
        if (get_attr_uint(obj, "Samples", "count", 31, &v) < 0)
            return -1;
        s->count = (uint32_t)v;
        uint32_t n = s->count < FIU_MAX_SAMPLES ? s->count : FIU_MAX_SAMPLES;
        PyObject *x = PyObject_GetAttrString(obj, "x");
        PyObject *y = PyObject_GetAttrString(obj, "y");
        PyObject *p = PyObject_GetAttrString(obj, "priority");
        int rc = -1;
        if (!x || !y || !p)
            goto samples_done;
        if (x == Py_None && y == Py_None) {
            if (p != Py_None) {
                PyErr_SetString(PyExc_ValueError, "Samples: a priority list needs programmed positions x, y");
                goto samples_done;
            }
            if (!fiu_sample_count_supported(s->count)) {
                PyErr_Format(PyExc_ValueError, "Samples.count: the standard pattern needs 1, 2, 4, 8 or 16 (got %u)",
                             s->count);
                goto samples_done;
            }
            s->standard = true;
            rc = 0;
            goto samples_done;
        }
        if (x == Py_None || y == Py_None) {
            PyErr_SetString(PyExc_ValueError, "Samples: give both x and y (or neither)");
            goto samples_done;
        }
        if (small_list(x, "Samples.x", n, 15, s->x) < 0 || small_list(y, "Samples.y", n, 15, s->y) < 0)
            goto samples_done;
        if (p != Py_None) {
            if (small_list(p, "Samples.priority", n, 15, s->priority) < 0)
                goto samples_done;
            s->has_priority = true;
        }
        rc = 0;
    samples_done:
        Py_XDECREF(x);
        Py_XDECREF(y);
        Py_XDECREF(p);
        return rc;
    }
    case FIU_VREC_ALPHA:
        if (get_attr_uint(obj, "Alpha", "func", FIU_ALPHA_ALWAYS, &v) < 0)
            return -1;
        rec->u.alpha.func = (uint32_t)v;
        if (get_attr_uint(obj, "Alpha", "format", FIU_AFMT_UNORM16, &v) < 0)
            return -1;
        rec->u.alpha.format = (uint32_t)v;
        if (get_attr_uint(obj, "Alpha", "ref", 0xFFFFFFFFu, &v) < 0)
            return -1;
        rec->u.alpha.ref = (uint32_t)v;
        return 0;
    case FIU_VREC_MODE:
        if (opt_bit(obj, "flush", &rec->u.mode.flush) < 0 || opt_bit(obj, "fused", &rec->u.mode.fused) < 0)
            return -1;
        if (rec->u.mode.flush < 0 && rec->u.mode.fused < 0) {
            PyErr_SetString(PyExc_ValueError, "Mode: give flush, fused or both");
            return -1;
        }
        return 0;
    case FIU_VREC_REQUEST: {
        PyObject *rq = PyObject_GetAttrString(obj, "request");
        if (!rq)
            return -1;
        int rc = request_from_py(rq, &rec->u.req.rq);
        Py_DECREF(rq);
        if (rc < 0)
            return -1;
        PyObject *ex = PyObject_GetAttrString(obj, "expect");
        if (!ex)
            return -1;
        if (ex != Py_None) {
            rc = response_from_py(ex, &rec->u.req.expect);
            if (rc == 0 && rec->u.req.expect.lanes != rec->u.req.rq.lanes) {
                PyErr_SetString(PyExc_ValueError, "RequestRecord.expect: lane count differs from the request's");
                rc = -1;
            }
            rec->u.req.has_expect = true;
        }
        Py_DECREF(ex);
        return rc;
    }
    }
    PyErr_SetString(PyExc_ValueError, "record: unknown KIND");
    return -1;
}

/* format_record(rec, index, annotate) -> str (canonical text of fiu_vec_write) */
static PyObject *format_record(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *obj;
    unsigned long index;
    int annotate;
    if (!PyArg_ParseTuple(args, "Okp", &obj, &index, &annotate))
        return NULL;
    fiu_vrec *rec = malloc(sizeof *rec);
    if (!rec)
        return PyErr_NoMemory();
    if (record_from_py(obj, rec) < 0) {
        free(rec);
        return NULL;
    }
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) {
        free(rec);
        return PyErr_SetFromErrno(PyExc_OSError);
    }
    const fiu_response *ex = rec->kind == FIU_VREC_REQUEST && rec->u.req.has_expect ? &rec->u.req.expect : NULL;
    fiu_vec_write(f, rec, ex, index, annotate ? FIU_VEC_ANNOTATE : 0);
    fclose(f);
    free(rec);
    PyObject *s = PyUnicode_DecodeASCII(buf, (Py_ssize_t)len, "strict");
    free(buf);
    return s;
}

/* ---- the vector reader ---- */

typedef struct {
    PyObject_HEAD
    fiu_vreader *r;
    FILE *file; /* ours, when reading from a string */
    char *text; /* our copy of that string */
} ReaderObject;

static void reader_dealloc(ReaderObject *self)
{
    if (self->r)
        fiu_vreader_close(self->r);
    if (self->file)
        fclose(self->file);
    free(self->text);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Reader(path) or Reader(None, text, name) */
static int reader_init(ReaderObject *self, PyObject *args, PyObject *kw)
{
    (void)kw;
    PyObject *path = NULL;
    const char *text = NULL, *name = "<string>";
    Py_ssize_t tlen = 0;
    if (!PyArg_ParseTuple(args, "O|z#s", &path, &text, &tlen, &name))
        return -1;
    if (self->r || self->file) {
        PyErr_SetString(PyExc_RuntimeError, "Reader already initialised");
        return -1;
    }
    if (path != Py_None) {
        PyObject *b = NULL;
        if (!PyUnicode_FSConverter(path, &b))
            return -1;
        const char *p = PyBytes_AS_STRING(b);
        errno = 0;
        self->r = fiu_vreader_open(p);
        if (!self->r) {
            PyErr_SetFromErrnoWithFilenameObject(errno == ENOMEM ? PyExc_MemoryError : PyExc_OSError, path);
            Py_DECREF(b);
            return -1;
        }
        Py_DECREF(b);
        return 0;
    }
    if (!text) {
        PyErr_SetString(PyExc_TypeError, "Reader: a path or a text");
        return -1;
    }
    /* fmemopen needs a size >= 1: an empty text is read as one empty line */
    self->text = malloc((size_t)tlen + 1);
    if (!self->text) {
        PyErr_NoMemory();
        return -1;
    }
    memcpy(self->text, tlen ? text : "\n", tlen ? (size_t)tlen : 1);
    self->file = fmemopen(self->text, tlen ? (size_t)tlen : 1, "r");
    if (!self->file) {
        PyErr_SetFromErrno(PyExc_OSError);
        return -1;
    }
    self->r = fiu_vreader_from_file(self->file, name);
    if (!self->r) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static PyObject *reader_next(ReaderObject *self)
{
    if (!self->r) {
        PyErr_SetString(PyExc_ValueError, "Reader is closed");
        return NULL;
    }
    fiu_vrec *rec = malloc(sizeof *rec);
    if (!rec)
        return PyErr_NoMemory();
    int k = fiu_vreader_next(self->r, rec); /* with the GIL: a reader is not shared between threads */
    PyObject *out = NULL;
    if (k > 0)
        out = record_to_py(rec);
    else if (k < 0)
        PyErr_SetString(VectorFormatError, fiu_vreader_error(self->r));
    free(rec);
    return out; /* NULL without an error set: StopIteration */
}

static PyObject *reader_close(ReaderObject *self, PyObject *unused)
{
    (void)unused;
    if (self->r)
        fiu_vreader_close(self->r);
    self->r = NULL;
    if (self->file)
        fclose(self->file);
    self->file = NULL;
    free(self->text);
    self->text = NULL;
    Py_RETURN_NONE;
}

static PyMethodDef reader_methods[] = {
    {"close", (PyCFunction)reader_close, METH_NOARGS, "Close the file."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject ReaderType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "fiu._fiu.Reader",
    .tp_basicsize = sizeof(ReaderObject),
    .tp_dealloc = (destructor)reader_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Iterator over the records of a vector file as tuples (fiu_vreader).",
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)reader_next,
    .tp_methods = reader_methods,
    .tp_init = (initproc)reader_init,
    .tp_new = PyType_GenericNew,
};

/* ---- the generator ---- */

typedef struct {
    PyObject *list;
    int failed;
} gen_ctx;

static bool gen_sink(void *ctx, const fiu_vrec *rec)
{
    gen_ctx *g = ctx;
    PyObject *t = record_to_py(rec);
    if (!t || PyList_Append(g->list, t) < 0) {
        Py_XDECREF(t);
        g->failed = 1;
        return false;
    }
    Py_DECREF(t);
    return true;
}

/* generate(seed, count, lanes, ops, ram_words, mix) -> list of record tuples */
static PyObject *generate(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *o[6];
    if (!PyArg_ParseTuple(args, "OOOOOO", &o[0], &o[1], &o[2], &o[3], &o[4], &o[5]))
        return NULL;
    uint64_t seed, count, lanes, ops, ram, mix;
    if (get_uint(o[0], "seed", ~0ull >> 1, &seed) < 0 || get_uint(o[1], "count", 0xFFFFFFFFu, &count) < 0 ||
        get_uint(o[2], "lanes", FIU_MAX_LANES, &lanes) < 0 || get_uint(o[3], "ops", FIU_GEN_ALL, &ops) < 0 ||
        get_uint(o[4], "ram_words", FIU_VEC_MAX_RAMSIZE, &ram) < 0 ||
        get_uint(o[5], "mix", FIU_GEN_MIX_COUNT_ - 1, &mix) < 0)
        return NULL;
    fiu_gen_config cfg = {.seed = seed, .count = (uint32_t)count, .lanes = (uint32_t)lanes, .ops = (uint32_t)ops,
                          .ram_words = (uint32_t)ram, .mix = (uint32_t)mix};
    gen_ctx g = {PyList_New(0), 0};
    if (!g.list)
        return NULL;
    bool ok = fiu_gen_run(&cfg, gen_sink, &g);
    if (g.failed) {
        Py_DECREF(g.list);
        return NULL;
    }
    if (!ok) {
        Py_DECREF(g.list);
        PyErr_SetString(PyExc_ValueError, "generate: the generator refused the configuration");
        return NULL;
    }
    return g.list;
}

/* ---- State ---- */

typedef struct {
    PyObject_HEAD
    fiu_state st;
    int have;
} StateObject;

static void state_dealloc(StateObject *self)
{
    if (self->have)
        fiu_state_free(&self->st);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int state_init(StateObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"ram_words", NULL};
    PyObject *rw = NULL;
    uint64_t words = FIU_VEC_DEFAULT_RAMSIZE;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|O", kwlist, &rw))
        return -1;
    if (rw && get_uint(rw, "ram_words", FIU_VEC_MAX_RAMSIZE, &words) < 0)
        return -1;
    if (words < 1) {
        PyErr_SetString(PyExc_ValueError, "ram_words: value 0 out of range (1..0x1000000)");
        return -1;
    }
    if (self->have)
        fiu_state_free(&self->st);
    self->have = 0;
    if (!fiu_state_init(&self->st, (uint32_t)words)) {
        PyErr_NoMemory();
        return -1;
    }
    self->have = 1;
    return 0;
}

static int state_ok(StateObject *self)
{
    if (!self->have) {
        PyErr_SetString(PyExc_RuntimeError, "State is not initialised (call State.__init__)");
        return 0;
    }
    return 1;
}

static PyObject *state_ram_words(StateObject *self, void *c)
{
    (void)c;
    if (!state_ok(self))
        return NULL;
    return PyLong_FromUnsignedLong(self->st.ram_words);
}

static PyObject *state_flush(StateObject *self, void *c)
{
    (void)c;
    if (!state_ok(self))
        return NULL;
    return PyBool_FromLong(self->st.flush);
}

static PyObject *state_fused(StateObject *self, void *c)
{
    (void)c;
    if (!state_ok(self))
        return NULL;
    return PyBool_FromLong(self->st.fused);
}

static PyGetSetDef state_getset[] = {
    {"ram_words", (getter)state_ram_words, NULL, "Parameter RAM size in 32-bit words.", NULL},
    {"flush", (getter)state_flush, NULL, "Denorm mode bit: True = FLUSH (mode_write changes it).", NULL},
    {"fused", (getter)state_fused, NULL, "Fusion bit of the GCN ops (mode_write changes it).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static int addr_check(StateObject *self, uint64_t addr, uint64_t count)
{
    if (addr >= self->st.ram_words || count > self->st.ram_words - addr) {
        char msg[160];
        snprintf(msg, sizeof msg, "RAM word address 0x%llx%s outside the RAM (0..0x%x)", (unsigned long long)addr,
                 count > 1 ? " (block)" : "", self->st.ram_words - 1);
        PyErr_SetString(PyExc_IndexError, msg);
        return -1;
    }
    return 0;
}

static PyObject *state_ram_write(StateObject *self, PyObject *args)
{
    PyObject *a, *d;
    uint64_t addr, data;
    if (!state_ok(self) || !PyArg_ParseTuple(args, "OO", &a, &d))
        return NULL;
    if (get_uint(a, "addr", 0xFFFFFFFFu, &addr) < 0 || get_uint(d, "data", 0xFFFFFFFFu, &data) < 0 ||
        addr_check(self, addr, 1) < 0)
        return NULL;
    fiu_state_ram_write(&self->st, (uint32_t)addr, (uint32_t)data);
    Py_RETURN_NONE;
}

static PyObject *state_ram_write_block(StateObject *self, PyObject *args)
{
    PyObject *a, *d;
    uint64_t addr;
    Py_buffer view;
    if (!state_ok(self) || !PyArg_ParseTuple(args, "OO", &a, &d))
        return NULL;
    if (get_uint(a, "addr", 0xFFFFFFFFu, &addr) < 0 || get_u32_buffer(d, &view, 0, "words") < 0)
        return NULL;
    Py_ssize_t n = view.len / 4;
    if (n > 0 && addr_check(self, addr, (uint64_t)n) < 0) {
        PyBuffer_Release(&view);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++)
        fiu_state_ram_write(&self->st, (uint32_t)(addr + (uint64_t)i), U32(view)[i]);
    PyBuffer_Release(&view);
    Py_RETURN_NONE;
}

static PyObject *state_ram_read(StateObject *self, PyObject *args)
{
    PyObject *a, *c = NULL;
    uint64_t addr, count = 1;
    if (!state_ok(self) || !PyArg_ParseTuple(args, "O|O", &a, &c))
        return NULL;
    if (get_uint(a, "addr", 0xFFFFFFFFu, &addr) < 0 || (c && get_uint(c, "count", 0xFFFFFFFFu, &count) < 0))
        return NULL;
    if (!c) {
        if (addr_check(self, addr, 1) < 0)
            return NULL;
        return PyLong_FromUnsignedLong(self->st.ram[addr]);
    }
    if (count > 0 && addr_check(self, addr, count) < 0)
        return NULL;
    return PyBytes_FromStringAndSize((const char *)(self->st.ram + (count ? addr : 0)), (Py_ssize_t)(count * 4));
}

static PyObject *state_map_write(StateObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"dword", "present", "plane", "interp", NULL};
    PyObject *o[4];
    uint64_t v[4];
    if (!state_ok(self) || !PyArg_ParseTupleAndKeywords(args, kw, "OOOO", kwlist, &o[0], &o[1], &o[2], &o[3]))
        return NULL;
    if (get_uint(o[0], "dword", FIU_MAP_ENTRIES - 1, &v[0]) < 0 || get_uint(o[1], "present", 1, &v[1]) < 0 ||
        get_uint(o[2], "plane", 0xFF, &v[2]) < 0 || get_uint(o[3], "interp", FIU_INTERP_LINEAR, &v[3]) < 0)
        return NULL;
    if (!fiu_state_map_write(&self->st, (uint32_t)v[0], v[1] != 0, (uint32_t)v[2], (uint32_t)v[3])) {
        PyErr_SetString(PyExc_ValueError, "map_write: refused by the model");
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *state_map_read(StateObject *self, PyObject *arg)
{
    uint64_t d;
    if (!state_ok(self) || get_uint(arg, "dword", FIU_MAP_ENTRIES - 1, &d) < 0)
        return NULL;
    const fiu_map_entry *e = &self->st.map[d];
    return Py_BuildValue("(NII)", PyBool_FromLong(e->present), (unsigned)e->plane, (unsigned)e->interp);
}

static PyObject *state_samples_write(StateObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"count", "x", "y", "priority", NULL};
    PyObject *c, *x, *y, *p = Py_None;
    uint64_t count;
    uint8_t xs[FIU_MAX_SAMPLES] = {0}, ys[FIU_MAX_SAMPLES] = {0}, ps[FIU_MAX_SAMPLES] = {0};
    if (!state_ok(self) || !PyArg_ParseTupleAndKeywords(args, kw, "OOO|O", kwlist, &c, &x, &y, &p))
        return NULL;
    if (get_uint(c, "count", 31, &count) < 0)
        return NULL;
    uint32_t n = count < FIU_MAX_SAMPLES ? (uint32_t)count : FIU_MAX_SAMPLES;
    if (small_list(x, "x", n, 15, xs) < 0 || small_list(y, "y", n, 15, ys) < 0 ||
        (p != Py_None && small_list(p, "priority", n, 15, ps) < 0))
        return NULL;
    if (!fiu_state_samples_write(&self->st, (uint32_t)count, xs, ys, p != Py_None ? ps : NULL)) {
        PyErr_SetString(PyExc_ValueError, "samples_write: refused by the model");
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *state_samples_default(StateObject *self, PyObject *arg)
{
    uint64_t count;
    if (!state_ok(self) || get_uint(arg, "count", 31, &count) < 0)
        return NULL;
    if (!fiu_sample_count_supported((uint32_t)count) || !fiu_state_samples_default(&self->st, (uint32_t)count)) {
        PyErr_Format(PyExc_ValueError, "samples_default: count %llu has no standard pattern (1, 2, 4, 8 or 16)",
                     (unsigned long long)count);
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *state_samples_read(StateObject *self, PyObject *unused)
{
    (void)unused;
    if (!state_ok(self))
        return NULL;
    const fiu_sample_table *t = &self->st.samples;
    return Py_BuildValue("(INNN)", (unsigned)t->count, u8_tuple(t->x, FIU_MAX_SAMPLES), u8_tuple(t->y, FIU_MAX_SAMPLES),
                         u8_tuple(t->priority, FIU_MAX_SAMPLES));
}

static PyObject *state_alpha_write(StateObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"func", "format", "ref", NULL};
    PyObject *o[3];
    uint64_t v[3];
    if (!state_ok(self) || !PyArg_ParseTupleAndKeywords(args, kw, "OOO", kwlist, &o[0], &o[1], &o[2]))
        return NULL;
    if (get_uint(o[0], "func", FIU_ALPHA_ALWAYS, &v[0]) < 0 || get_uint(o[1], "format", FIU_AFMT_UNORM16, &v[1]) < 0 ||
        get_uint(o[2], "ref", 0xFFFFFFFFu, &v[2]) < 0)
        return NULL;
    if (!fiu_state_alpha_write(&self->st, (uint32_t)v[0], (uint32_t)v[1], (uint32_t)v[2])) {
        PyErr_SetString(PyExc_ValueError, "alpha_write: refused by the model");
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *state_alpha_read(StateObject *self, PyObject *unused)
{
    (void)unused;
    if (!state_ok(self))
        return NULL;
    return Py_BuildValue("(III)", (unsigned)self->st.alpha_func, (unsigned)self->st.alpha_format,
                         (unsigned)self->st.alpha_ref);
}

static PyObject *state_mode_write(StateObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"flush", "fused", NULL};
    PyObject *fl = Py_None, *fu = Py_None;
    uint64_t a = self->st.flush, b = self->st.fused;
    if (!state_ok(self) || !PyArg_ParseTupleAndKeywords(args, kw, "|OO", kwlist, &fl, &fu))
        return NULL;
    if ((fl != Py_None && get_uint(fl, "flush", 1, &a) < 0) || (fu != Py_None && get_uint(fu, "fused", 1, &b) < 0))
        return NULL;
    fiu_state_mode_write(&self->st, a != 0, b != 0);
    Py_RETURN_NONE;
}

static PyObject *state_execute_raw(StateObject *self, PyObject *arg)
{
    if (!state_ok(self))
        return NULL;
    fiu_request *rq = malloc(sizeof *rq);
    if (!rq)
        return PyErr_NoMemory();
    if (request_from_py(arg, rq) < 0) {
        free(rq);
        return NULL;
    }
    fiu_response rsp;
    fiu_execute(&self->st, rq, &rsp);
    free(rq);
    return response_to_py(&rsp);
}

static PyObject *state_apply(StateObject *self, PyObject *arg)
{
    if (!state_ok(self))
        return NULL;
    fiu_vrec *rec = malloc(sizeof *rec);
    if (!rec)
        return PyErr_NoMemory();
    if (record_from_py(arg, rec) < 0) {
        free(rec);
        return NULL;
    }
    bool ok;
    if (rec->kind == FIU_VREC_RAMSIZE) {
        fiu_state fresh;
        ok = fiu_vec_apply(&fresh, rec);
        if (ok) {
            fiu_state_free(&self->st);
            self->st = fresh;
        } else {
            free(rec);
            return PyErr_NoMemory();
        }
    } else {
        ok = fiu_vec_apply(&self->st, rec);
    }
    int kind = rec->kind;
    uint32_t addr = rec->u.ram.addr;
    free(rec);
    if (!ok) {
        if (kind == FIU_VREC_RAM)
            PyErr_Format(PyExc_IndexError, "Ram: a word at 0x%x or after lies outside the RAM (0..0x%x)", addr,
                         self->st.ram_words - 1);
        else
            PyErr_SetString(PyExc_ValueError, "state write refused by the model");
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *state_copy(StateObject *self, PyObject *unused);

static PyMethodDef state_methods[] = {
    {"ram_write", (PyCFunction)state_ram_write, METH_VARARGS, "ram_write(addr, data): one RAM word."},
    {"ram_write_block", (PyCFunction)state_ram_write_block, METH_VARARGS,
     "ram_write_block(addr, words): a uint32 buffer at addr, addr+1, ..."},
    {"ram_read", (PyCFunction)state_ram_read, METH_VARARGS,
     "ram_read(addr) -> int; ram_read(addr, count) -> bytes (native uint32)."},
    {"map_write", (PyCFunction)(void (*)(void))state_map_write, METH_VARARGS | METH_KEYWORDS,
     "map_write(dword, present, plane, interp)."},
    {"map_read", (PyCFunction)state_map_read, METH_O, "map_read(dword) -> (present, plane, interp)."},
    {"samples_write", (PyCFunction)(void (*)(void))state_samples_write, METH_VARARGS | METH_KEYWORDS,
     "samples_write(count, x, y, priority=None): a programmed table; min(count, 16) entries each."},
    {"samples_default", (PyCFunction)state_samples_default, METH_O, "samples_default(count): standard table."},
    {"samples_read", (PyCFunction)state_samples_read, METH_NOARGS,
     "samples_read() -> (count, x[16], y[16], priority[16])."},
    {"alpha_write", (PyCFunction)(void (*)(void))state_alpha_write, METH_VARARGS | METH_KEYWORDS,
     "alpha_write(func, format, ref)."},
    {"alpha_read", (PyCFunction)state_alpha_read, METH_NOARGS, "alpha_read() -> (func, format, ref)."},
    {"mode_write", (PyCFunction)(void (*)(void))state_mode_write, METH_VARARGS | METH_KEYWORDS,
     "mode_write(flush=None, fused=None): None keeps a bit."},
    {"_execute", (PyCFunction)state_execute_raw, METH_O,
     "_execute(request) -> (lanes, results, wmask, kill, pred, status)."},
    {"apply", (PyCFunction)state_apply, METH_O,
     "apply(record): a state record of fiu.vectors, as fiu_vec_apply (RamSize re-initialises)."},
    {"copy", (PyCFunction)state_copy, METH_NOARGS, "An independent copy (RAM included)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject StateType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "fiu._fiu.StateBase",
    .tp_basicsize = sizeof(StateObject),
    .tp_dealloc = (destructor)state_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "fiu_state: parameter RAM, attribute map, sample table, alpha and mode.",
    .tp_methods = state_methods,
    .tp_getset = state_getset,
    .tp_init = (initproc)state_init,
    .tp_new = PyType_GenericNew,
};

static PyObject *state_copy(StateObject *self, PyObject *unused)
{
    (void)unused;
    if (!state_ok(self))
        return NULL;
    PyObject *o = PyObject_CallNoArgs((PyObject *)Py_TYPE(self));
    if (!o)
        return NULL;
    StateObject *c = (StateObject *)o;
    uint32_t *ram = malloc((size_t)self->st.ram_words * sizeof *ram);
    if (!ram) {
        Py_DECREF(o);
        return PyErr_NoMemory();
    }
    memcpy(ram, self->st.ram, (size_t)self->st.ram_words * sizeof *ram);
    if (c->have)
        fiu_state_free(&c->st);
    c->st = self->st;
    c->st.ram = ram;
    c->have = 1;
    return o;
}

/* ---- names ---- */

static PyObject *status_name(PyObject *self, PyObject *arg)
{
    (void)self;
    uint64_t s;
    if (get_uint(arg, "status", 0xFF, &s) < 0)
        return NULL;
    const char *n = fiu_vec_status_name((unsigned)s);
    if (!n)
        Py_RETURN_NONE;
    return PyUnicode_FromString(n);
}

static PyMethodDef module_methods[] = {
    {"v_dotadd", (PyCFunction)(void (*)(void))v_dotadd, METH_FASTCALL, "v_dotadd(out, a, b, c, d, e, mode, ref)"},
    {"v_fma", (PyCFunction)(void (*)(void))v_fma, METH_FASTCALL, "v_fma(out, a, b, e, mode)"},
    {"v_unary", (PyCFunction)(void (*)(void))v_unary, METH_FASTCALL, "v_unary(out, x, op, p0, p1, p2)"},
    {"v_binary", (PyCFunction)(void (*)(void))v_binary, METH_FASTCALL, "v_binary(out, x, y, op, p0, p1)"},
    {"format_record", format_record, METH_VARARGS, "format_record(rec, index, annotate) -> str"},
    {"generate", generate, METH_VARARGS, "generate(seed, count, lanes, ops, ram_words, mix) -> list"},
    {"status_name", status_name, METH_O, "status_name(code) -> str or None"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_fiu", "fiu C golden model (extension part of the fiu package).", -1, module_methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__fiu(void)
{
    if (PyType_Ready(&StateType) < 0 || PyType_Ready(&ReaderType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module_def);
    if (!m)
        return NULL;
    VectorFormatError = PyErr_NewExceptionWithDoc(
        "fiu.VectorFormatError", "Malformed vector file: the message is 'file:line: reason'.", PyExc_ValueError, NULL);
    if (!VectorFormatError || PyModule_AddObjectRef(m, "VectorFormatError", VectorFormatError) < 0 ||
        PyModule_AddObjectRef(m, "StateBase", (PyObject *)&StateType) < 0 ||
        PyModule_AddObjectRef(m, "Reader", (PyObject *)&ReaderType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    struct {
        const char *n;
        long v;
    } consts[] = {
        {"MAX_LANES", FIU_MAX_LANES}, {"MAP_ENTRIES", FIU_MAP_ENTRIES}, {"MAX_SAMPLES", FIU_MAX_SAMPLES},
        {"STATUS_COUNT", FIU_ST_COUNT_}, {"OP_COUNT", FIU_OP_COUNT_}, {"F32_FUSED", FIU_F32_FUSED},
        {"F32_FLUSH", FIU_F32_FLUSH}, {"GEN_ALL", FIU_GEN_ALL}, {"DEFAULT_RAMSIZE", FIU_VEC_DEFAULT_RAMSIZE},
        {"MAX_RAMSIZE", FIU_VEC_MAX_RAMSIZE}, {"MAX_RAM_WORDS_PER_RECORD", FIU_VEC_MAX_RAM_WORDS},
        {"VREC_RAMSIZE", FIU_VREC_RAMSIZE}, {"VREC_RAM", FIU_VREC_RAM}, {"VREC_MAP", FIU_VREC_MAP},
        {"VREC_SAMPLES", FIU_VREC_SAMPLES}, {"VREC_ALPHA", FIU_VREC_ALPHA}, {"VREC_MODE", FIU_VREC_MODE},
        {"VREC_REQUEST", FIU_VREC_REQUEST},
    };
    for (size_t i = 0; i < sizeof consts / sizeof consts[0]; i++)
        if (PyModule_AddIntConstant(m, consts[i].n, consts[i].v) < 0) {
            Py_DECREF(m);
            return NULL;
        }
    /* the library's version (fiu_version.h, from the file VERSION): fiu.__version__ */
    if (PyModule_AddStringConstant(m, "__version__", fiu_version()) < 0 ||
        PyModule_AddIntConstant(m, "HOST_FP", fiu_f32_host_fp()) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
