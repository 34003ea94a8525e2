// SPDX-License-Identifier: MIT
// glnoise in Unity (built-in render pipeline): a noise graph as one function over the
// mesh's UVs. Put the graph's source beside this file:
//
//   glnoise shader --language hlsl --table const --graph ../graphs/mountains.json --out mountains.hlsl
//
// then create a material with the shader "glnoise/Graph" (Assets > Create > Material, and
// pick the shader). UV (u, v) is the graph's texel (u, v) * Size: with Size 512, what
// `glnoise bake --graph mountains.json --size 512x512` holds, whose values lie within about
// -1 to 1. The table is a static const array in mountains.hlsl: nothing to bind. Another
// graph's source takes the same shader (its include's name aside).
Shader "glnoise/Graph"
{
    Properties
    {
        _Size ("Size (graph texels per UV unit)", Float) = 512
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
            #include "mountains.hlsl"

            float _Size;

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
                float v = gln_graph(i.uv * _Size).x;
                return float4(saturate(v * 0.5 + 0.5).xxx, 1.0);
            }
            ENDCG
        }
    }
}
