`include "fiu_top_types.svh"
// fiu_rsp_fifo (spec 8.1, 8.5 response; 8.8 assertions): the response FIFO and the credits.
// DEPTH entries: every request between its accept and the pop of its response holds a credit,
// so the FIFO never overflows, and LATENCY + 2 credits keep one request per clock flowing while
// rsp_ready_i stays high. A request's last slot pushes its merged response at the edge that ends
// the response stage; the head drives the response ports from registers only.
module fiu_rsp_fifo #(
  parameter int LANES = 4,
  parameter int DEPTH = 10
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  // a request is accepted: it takes a credit
  input  logic                take_i,
  output logic                credit_ok_o,   // a credit is free
  // the response stage's push
  input  logic                push_i,
  input  logic [15:0]         push_tag_i,
  input  fiu_rsp_info_t       push_info_i,
  input  logic [LANES*32-1:0] push_result_i,
  input  logic [LANES-1:0]    push_wmask_i,
  input  logic [LANES-1:0]    push_kill_i,
  // the response port
  output logic                rsp_valid_o,
  input  logic                rsp_ready_i,
  output logic [15:0]         rsp_tag_o,
  output logic [LANES*32-1:0] rsp_result_o,
  output logic [LANES-1:0]    rsp_wmask_o,
  output logic [LANES-1:0]    rsp_kill_o,
  output logic                rsp_pred_o,
  output logic [4:0]          rsp_status_o
);
  localparam int PTRW = $clog2(DEPTH);
  localparam int CNTW = $clog2(DEPTH + 1);
  localparam int TAG_W  = 16;
  localparam int WORD_W = 32;
  // the response ports as one vector (the assertions): tag, info, result, wmask, kill
  localparam int RSP_W = TAG_W + `FIU_RSP_INFO_W + LANES * WORD_W + 2 * LANES;

  // The tags in registers of their own (few bits; the formal job reads them), the rest of each
  // entry in memories (distributed RAM: written at wr_ptr_q, read asynchronously at rd_ptr_q).
  logic [DEPTH*TAG_W-1:0]  tag_q;
  fiu_rsp_info_t           info_q [DEPTH];
  logic [LANES*WORD_W-1:0] result_q [DEPTH];
  logic [LANES-1:0]        wmask_q [DEPTH];
  logic [LANES-1:0]        kill_q [DEPTH];
  logic [PTRW-1:0]         wr_ptr_q, rd_ptr_q;
  logic [CNTW-1:0]         fill_q, credit_q;   // entries; requests holding a credit
  logic [CNTW-1:0]         fill_d;
  logic                    rsp_valid_q, rsp_pop;
  fiu_rsp_info_t           head_info;
  logic [RSP_W-1:0]        head;

  function automatic logic [PTRW-1:0] ptr_next(input logic [PTRW-1:0] ptr);
    ptr_next = (ptr == PTRW'(DEPTH - 1)) ? '0 : PTRW'(ptr + PTRW'(1));
  endfunction

  assign rsp_pop     = rsp_valid_q && rsp_ready_i;
  assign credit_ok_o = credit_q != CNTW'(DEPTH);
  assign fill_d      = CNTW'(fill_q + CNTW'(push_i) - CNTW'(rsp_pop));

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wr_ptr_q    <= '0;
      rd_ptr_q    <= '0;
      fill_q      <= '0;
      credit_q    <= '0;
      rsp_valid_q <= 1'b0;
    end else begin
      if (push_i)  wr_ptr_q <= ptr_next(wr_ptr_q);
      if (rsp_pop) rd_ptr_q <= ptr_next(rd_ptr_q);
      fill_q      <= fill_d;
      credit_q    <= CNTW'(credit_q + CNTW'(take_i) - CNTW'(rsp_pop));
      rsp_valid_q <= fill_d != '0;
    end
  end

  // the entries: no reset (read only below fill_q)
  always_ff @(posedge clk_i) begin
    if (push_i) begin
      info_q[wr_ptr_q]   <= push_info_i;
      result_q[wr_ptr_q] <= push_result_i;
      wmask_q[wr_ptr_q]  <= push_wmask_i;
      kill_q[wr_ptr_q]   <= push_kill_i;
    end
    // one enable per tag register (a decoded pointer, not an indexed part-select's shifter)
    for (int e = 0; e < DEPTH; e++) begin
      if (push_i && wr_ptr_q == PTRW'(e)) tag_q[TAG_W*e +: TAG_W] <= push_tag_i;
    end
  end

  assign head_info    = info_q[rd_ptr_q];
  assign rsp_tag_o    = tag_q[TAG_W*rd_ptr_q +: TAG_W];
  assign rsp_status_o = head_info.status;
  assign rsp_pred_o   = head_info.pred;
  assign rsp_result_o = result_q[rd_ptr_q];
  assign rsp_wmask_o  = wmask_q[rd_ptr_q];
  assign rsp_kill_o   = kill_q[rd_ptr_q];
  assign rsp_valid_o  = rsp_valid_q;
  assign head         = {rsp_tag_o, head_info, rsp_result_o, rsp_wmask_o, rsp_kill_o};

  // ---------------------------------------------------------------- assertions (spec 8.8)
  // handshake: a response held under backpressure keeps every field
`ifdef FIU_ASSERT_ON
  logic             rsp_held_q;   // last clock: rsp_valid_o && !rsp_ready_i
  logic [RSP_W-1:0] rsp_prev_q;   // last clock's response fields
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rsp_held_q <= 1'b0;
    end else begin
      rsp_held_q <= rsp_valid_o && !rsp_ready_i;
    end
  end
  always_ff @(posedge clk_i) begin
    rsp_prev_q <= head;
  end
`endif
  `FIU_ASSERT("rsp_stable", !rsp_held_q || (rsp_valid_o && head == rsp_prev_q), clk_i, rst_ni)
  // range: requests in flight (credits minus entries) never negative, credits never above the FIFO
  `FIU_ASSERT("credit_range", fill_q <= credit_q && credit_q <= CNTW'(DEPTH), clk_i, rst_ni)
endmodule
