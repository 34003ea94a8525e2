// SPDX-License-Identifier: MIT
// glnoise in Unity (built-in render pipeline): 6 octaves of Perlin fBm over the mesh's UVs.
// Put glnoise.hlsl beside this file:
//
//   glnoise shader --language hlsl --table const fbm --out glnoise.hlsl
//
// then use GlnoiseFbm.mat (copy the .meta files too: the material finds the shader by the
// GUID in GlnoiseFbm.shader.meta), or create a material with the shader "glnoise/fBm"
// (Assets > Create > Material, and pick the shader). The table is a static const array in
// glnoise.hlsl, so nothing needs binding; Frequency is lattice cells per UV unit.
Shader "glnoise/fBm"
{
    Properties
    {
        _Frequency ("Frequency (cells per UV unit)", Float) = 8
        _Octaves ("Octaves", Range(1, 12)) = 6
    }
    SubShader
    {
        Tags { "RenderType" = "Opaque" }
        Pass
        {
            CGPROGRAM
            #pragma vertex vert
            #pragma fragment frag
            #include "UnityCG.cginc"
            #include "glnoise.hlsl"

            float _Frequency;
            float _Octaves;

            struct v2f
            {
                float4 position : SV_POSITION;
                float2 uv : TEXCOORD0;
            };

            v2f vert(appdata_base v)
            {
                v2f o;
                o.position = UnityObjectToClipPos(v.vertex);
                o.uv = v.texcoord.xy;
                return o;
            }

            float4 frag(v2f i) : SV_Target
            {
                float v = gln_fbm2(i.uv * _Frequency, (int)_Octaves, 2.0, 0.5);
                return float4(saturate(v * 0.5 + 0.5).xxx, 1.0);
            }
            ENDCG
        }
    }
}
