// The C model as an untimed sc_module: state records update its fiu_state, requests are
// executed with fiu_execute and answered in order on rsp_out.
#ifndef FIU_MODEL_SC_H
#define FIU_MODEL_SC_H

#include <systemc>

#include "fiu_sc_types.h"

class fiu_model_sc : public sc_core::sc_module {
  public:
    sc_core::sc_fifo_in<fiu_sc_stim> stim_in;
    sc_core::sc_fifo_out<fiu_sc_expected> rsp_out;

    fiu_model_sc(sc_core::sc_module_name name, fiu_sc_verdict &verdict);
    ~fiu_model_sc() override;
    fiu_model_sc(const fiu_model_sc &) = delete;
    fiu_model_sc &operator=(const fiu_model_sc &) = delete;

  private:
    void run();

    fiu_sc_verdict &verdict_;
    fiu_state state_{};
    bool have_state_ = false;
};

#endif
