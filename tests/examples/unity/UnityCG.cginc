// SPDX-License-Identifier: MIT
// The few names of Unity's UnityCG.cginc that examples/unity/GlnoiseFbm.shader uses, so
// that its program compiles outside Unity (tests/examples/compile_examples.py). Not
// Unity's file: the same declarations, nothing more.
#ifndef GLNOISE_TEST_UNITYCG
#define GLNOISE_TEST_UNITYCG
struct appdata_base {
    float4 vertex : POSITION;
    float3 normal : NORMAL;
    float4 texcoord : TEXCOORD0;
};
float4x4 unity_ObjectToWorld;
float4x4 unity_MatrixVP;
float4 UnityObjectToClipPos(float3 pos) { return mul(unity_MatrixVP, mul(unity_ObjectToWorld, float4(pos, 1.0))); }
float4 UnityObjectToClipPos(float4 pos) { return UnityObjectToClipPos(pos.xyz); }
#endif
