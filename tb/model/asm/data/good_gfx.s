; seed 001 pattern: I in v0, J in v1, attribute 0 channel x into v2
v_interp_p1_f32 v2, v0, attr0.x
v_interp_p2_f32 v2, v1, attr0.x
V_INTERP_MOV_F32 v3, P0, ATTR32.W   // upper case as in seed 001
v_interp_p1_f32 v2, v0, attr1.y
