// Issue (spec 8.5): splits the request held in S1 into slots, one per distinct fetch key among
// its executing lanes, lowest lane first. A slot's lanes share one attribute-map read and one
// parameter-RAM read. Lanes that do not execute ride with the first slot. A request that fetches
// nothing per lane (split_i = 0) is one slot. Combinational; the top keeps served_i.
module fiu_issue #(
  parameter int LANES = 4,
  parameter int KW    = 33   // key width
) (
  input  logic                  split_i,   // the op's fetch address differs per lane
  input  logic [LANES-1:0]      exec_i,    // executing lanes
  input  logic [LANES-1:0]      served_i,  // lanes issued by earlier slots of this request
  input  logic [LANES*KW-1:0]   key_i,     // per-lane fetch key
  output logic [KW-1:0]        lead_key_o,
  output logic [LANES-1:0]      own_o,     // lanes this slot completes
  output logic                  first_o,
  output logic                  last_o
);
  logic [LANES-1:0] cand, leader, group;

  // the key of the onehot lane (0 for none)
  function automatic logic [KW-1:0] pick(input logic [LANES-1:0] onehot, input logic [LANES*KW-1:0] keys);
    logic [KW-1:0] k;
    k = '0;
    for (int i = 0; i < LANES; i++) k = k | (keys[KW*i +: KW] & {KW{onehot[i]}});
    pick = k;
  endfunction

  assign cand       = exec_i & ~served_i;
  assign leader     = cand & (~cand + LANES'(1));
  assign lead_key_o = pick(leader, key_i);
  assign first_o    = served_i == '0;

  // lane i joins the leader's group when its key equals the leader's: the leader is a lower lane
  // (or i itself), so each pair of lanes is compared once, beside the pick of the leader's key
  function automatic logic in_group(input int i, input logic [LANES-1:0] ld, input logic [LANES*KW-1:0] keys);
    logic g;
    g = ld[i];
    for (int j = 0; j < i; j++) g = g | (ld[j] && keys[KW*i +: KW] == keys[KW*j +: KW]);
    in_group = g;
  endfunction

  for (genvar i = 0; i < LANES; i++) begin : g_group
    assign group[i] = cand[i] && in_group(i, leader, key_i);
  end

  assign own_o  = (split_i && cand != '0) ? (group | (first_o ? ~exec_i : '0)) : ~served_i;
  assign last_o = !split_i || (cand & ~group) == '0;
endmodule
