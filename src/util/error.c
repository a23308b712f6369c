/*
 * error.c - descriptions of pt_err values.
 */
#include "partiar.h"

const char *pt_strerror(pt_err err)
{
    switch (err) {
    case PT_OK: return "success";
    case PT_ERR_NOMEM: return "out of memory";
    case PT_ERR_SYNTAX: return "syntax error";
    case PT_ERR_ILLEGAL: return "illegal or impossible";
    case PT_ERR_RANGE: return "value out of range";
    case PT_ERR_IO: return "input/output error";
    case PT_ERR_END: return "end of input";
    case PT_ERR_AMBIGUOUS: return "ambiguous";
    }
    return "unknown error";
}
