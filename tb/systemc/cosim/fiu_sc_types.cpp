#include "fiu_sc_types.h"

#include <systemc>

std::ostream &operator<<(std::ostream &os, const fiu_sc_stim &s)
{
    return os << "stim(line " << (s.rec ? s.rec->line : 0) << ", tag " << s.tag << ")";
}

std::ostream &operator<<(std::ostream &os, const fiu_sc_expected &e)
{
    return os << "expected(tag " << e.stim.tag << ", status " << unsigned(e.rsp.status) << ")";
}

std::ostream &operator<<(std::ostream &os, const fiu_sc_observed &o)
{
    return os << "observed(tag " << o.tag << ", status " << unsigned(o.rsp.status) << ")";
}

void fiu_sc_verdict::fail(int exit_code, const std::string &reason)
{
    if (failed())
        return;
    exit_code_ = exit_code;
    reason_ = reason;
    sc_core::sc_stop();
}
