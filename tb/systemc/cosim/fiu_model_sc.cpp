#include "fiu_model_sc.h"

fiu_model_sc::fiu_model_sc(sc_core::sc_module_name name, fiu_sc_verdict &verdict)
    : sc_module(name), stim_in("stim_in"), rsp_out("rsp_out"), verdict_(verdict)
{
    SC_HAS_PROCESS(fiu_model_sc);
    SC_THREAD(run);
}

fiu_model_sc::~fiu_model_sc()
{
    if (have_state_)
        fiu_state_free(&state_);
}

void fiu_model_sc::run()
{
    for (;;) {
        fiu_sc_stim s = stim_in.read();
        const fiu_vrec &rec = *s.rec;
        if (rec.kind == FIU_VREC_REQUEST) {
            fiu_sc_expected e;
            e.stim = s;
            fiu_execute(&state_, &rec.u.req.rq, &e.rsp);
            rsp_out.write(e);
            continue;
        }
        if (rec.kind == FIU_VREC_RAMSIZE && have_state_) { // a new state; the old one goes
            fiu_state_free(&state_);
            have_state_ = false;
        }
        if (!fiu_vec_apply(&state_, &rec)) {
            verdict_.fail(FIU_SC_EXIT_FAIL, "line " + std::to_string(rec.line) + ": state write refused by the model");
            return;
        }
        have_state_ = have_state_ || rec.kind == FIU_VREC_RAMSIZE;
    }
}
