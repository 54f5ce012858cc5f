v_interp_p1_f32 v2, v0, attr0.x
v_interp_p1_f32 v1, v1, attr0.x
v_interp_p2_f32 v2, v1, attr40.x
