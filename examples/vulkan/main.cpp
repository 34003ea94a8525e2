// SPDX-License-Identifier: MIT
// glnoise in a Vulkan compute program: uploads the permutation table that
// `glnoise shader --table-out` wrote, runs noise.comp over a grid and writes a grey PGM.
//
//   build/noise [--size N] [--frequency F] [--out noise.pgm] [--raw values.f32] [--shader graph.spv]
//
// Run it in the build folder (it reads noise.spv and table.i32 there). Its values are
// `glnoise bake --size NxN --octaves 6 --frequency F`'s, within 2e-5 on any Vulkan GPU.
// --shader graph.spv runs graph.comp instead: the noise graph examples/graphs/mountains.json
// as one function (`glnoise shader --language vulkan --graph`), `glnoise bake --graph`'s
// values within the check's tolerance.
#include <vulkan/vulkan.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

void check(VkResult result, const char* call) {
    if (result != VK_SUCCESS) throw std::runtime_error(std::string(call) + " returned " + std::to_string(result));
}

std::vector<char> readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A storage buffer in memory the host can map.
struct Buffer {
    VkBuffer buffer = VK_NULL_HANDLE;
    VkDeviceMemory memory = VK_NULL_HANDLE;
    VkDeviceSize size = 0;
};

Buffer makeBuffer(VkPhysicalDevice physical, VkDevice device, VkDeviceSize size) {
    Buffer b;
    b.size = size;
    VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    info.size = size;
    info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
    check(vkCreateBuffer(device, &info, nullptr, &b.buffer), "vkCreateBuffer");
    VkMemoryRequirements needs;
    vkGetBufferMemoryRequirements(device, b.buffer, &needs);
    VkPhysicalDeviceMemoryProperties memory;
    vkGetPhysicalDeviceMemoryProperties(physical, &memory);
    const VkMemoryPropertyFlags want = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    alloc.allocationSize = needs.size;
    alloc.memoryTypeIndex = memory.memoryTypeCount;
    for (std::uint32_t i = 0; i < memory.memoryTypeCount; ++i)
        if ((needs.memoryTypeBits & (1u << i)) && (memory.memoryTypes[i].propertyFlags & want) == want) {
            alloc.memoryTypeIndex = i;
            break;
        }
    if (alloc.memoryTypeIndex == memory.memoryTypeCount) throw std::runtime_error("no host-visible memory");
    check(vkAllocateMemory(device, &alloc, nullptr, &b.memory), "vkAllocateMemory");
    check(vkBindBufferMemory(device, b.buffer, b.memory, 0), "vkBindBufferMemory");
    return b;
}

int run(int argc, char** argv) {
    std::uint32_t size = 512;
    float frequency = 1.0f / 64.0f;
    std::string out = "noise.pgm", raw, shader = "noise.spv";
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string flag = argv[i], value = argv[i + 1];
        if (flag == "--size") size = static_cast<std::uint32_t>(std::stoul(value));
        else if (flag == "--frequency") frequency = std::stof(value);
        else if (flag == "--out") out = value;
        else if (flag == "--raw") raw = value;
        else if (flag == "--shader") shader = value;
        else throw std::runtime_error("unknown flag " + flag);
    }
    if (size == 0 || size > 8192) throw std::runtime_error("--size must be 1 to 8192");
    const std::vector<char> spirv = readFile(shader);
    const std::vector<char> table = readFile("table.i32");
    if (table.size() != 2048) throw std::runtime_error("table.i32: the table is 512 int32 (2048 bytes)");

    // An instance, the first device and a queue that computes.
    VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
    app.pApplicationName = "glnoise vulkan example";
    app.apiVersion = VK_API_VERSION_1_1;
    VkInstanceCreateInfo instanceInfo{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    instanceInfo.pApplicationInfo = &app;
    VkInstance instance;
    check(vkCreateInstance(&instanceInfo, nullptr, &instance), "vkCreateInstance");
    std::uint32_t count = 1;
    VkPhysicalDevice physical = VK_NULL_HANDLE;
    const VkResult listed = vkEnumeratePhysicalDevices(instance, &count, &physical);
    if ((listed != VK_SUCCESS && listed != VK_INCOMPLETE) || count == 0) throw std::runtime_error("no Vulkan device");
    VkPhysicalDeviceProperties properties;
    vkGetPhysicalDeviceProperties(physical, &properties);
    vkGetPhysicalDeviceQueueFamilyProperties(physical, &count, nullptr);
    std::vector<VkQueueFamilyProperties> families(count);
    vkGetPhysicalDeviceQueueFamilyProperties(physical, &count, families.data());
    const auto computes = std::find_if(families.begin(), families.end(),
                                       [](const VkQueueFamilyProperties& f) { return f.queueFlags & VK_QUEUE_COMPUTE_BIT; });
    if (computes == families.end()) throw std::runtime_error("no compute queue");
    const auto family = static_cast<std::uint32_t>(computes - families.begin());
    const float priority = 1.0f;
    VkDeviceQueueCreateInfo queueInfo{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    queueInfo.queueFamilyIndex = family;
    queueInfo.queueCount = 1;
    queueInfo.pQueuePriorities = &priority;
    VkDeviceCreateInfo deviceInfo{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
    deviceInfo.queueCreateInfoCount = 1;
    deviceInfo.pQueueCreateInfos = &queueInfo;
    VkDevice device;
    check(vkCreateDevice(physical, &deviceInfo, nullptr, &device), "vkCreateDevice");
    VkQueue queue;
    vkGetDeviceQueue(device, family, 0, &queue);

    // Binding 0: the table, as glnoise.glsl declares it. Binding 1: the values.
    Buffer tableBuffer = makeBuffer(physical, device, table.size());
    Buffer values = makeBuffer(physical, device, VkDeviceSize{size} * size * sizeof(float));
    void* mapped = nullptr;
    check(vkMapMemory(device, tableBuffer.memory, 0, VK_WHOLE_SIZE, 0, &mapped), "vkMapMemory");
    std::memcpy(mapped, table.data(), table.size());
    vkUnmapMemory(device, tableBuffer.memory);

    VkDescriptorSetLayoutBinding bindings[2] = {};
    for (std::uint32_t b = 0; b < 2; ++b) {
        bindings[b].binding = b;
        bindings[b].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        bindings[b].descriptorCount = 1;
        bindings[b].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    }
    VkDescriptorSetLayoutCreateInfo setLayoutInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    setLayoutInfo.bindingCount = 2;
    setLayoutInfo.pBindings = bindings;
    VkDescriptorSetLayout setLayout;
    check(vkCreateDescriptorSetLayout(device, &setLayoutInfo, nullptr, &setLayout), "vkCreateDescriptorSetLayout");
    struct Grid {
        std::uint32_t width, height;
        float frequency;
    } grid{size, size, frequency};
    VkPushConstantRange pushRange{VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(Grid)};
    VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    layoutInfo.setLayoutCount = 1;
    layoutInfo.pSetLayouts = &setLayout;
    layoutInfo.pushConstantRangeCount = 1;
    layoutInfo.pPushConstantRanges = &pushRange;
    VkPipelineLayout layout;
    check(vkCreatePipelineLayout(device, &layoutInfo, nullptr, &layout), "vkCreatePipelineLayout");
    VkShaderModuleCreateInfo moduleInfo{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    moduleInfo.codeSize = spirv.size();
    moduleInfo.pCode = reinterpret_cast<const std::uint32_t*>(spirv.data());
    VkShaderModule module;
    check(vkCreateShaderModule(device, &moduleInfo, nullptr, &module), "vkCreateShaderModule");
    VkComputePipelineCreateInfo pipelineInfo{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    pipelineInfo.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    pipelineInfo.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    pipelineInfo.stage.module = module;
    pipelineInfo.stage.pName = "main";
    pipelineInfo.layout = layout;
    VkPipeline pipeline;
    check(vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &pipelineInfo, nullptr, &pipeline),
          "vkCreateComputePipelines");

    VkDescriptorPoolSize poolSize{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2};
    VkDescriptorPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    poolInfo.maxSets = 1;
    poolInfo.poolSizeCount = 1;
    poolInfo.pPoolSizes = &poolSize;
    VkDescriptorPool pool;
    check(vkCreateDescriptorPool(device, &poolInfo, nullptr, &pool), "vkCreateDescriptorPool");
    VkDescriptorSetAllocateInfo setInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    setInfo.descriptorPool = pool;
    setInfo.descriptorSetCount = 1;
    setInfo.pSetLayouts = &setLayout;
    VkDescriptorSet set;
    check(vkAllocateDescriptorSets(device, &setInfo, &set), "vkAllocateDescriptorSets");
    const VkDescriptorBufferInfo buffers[2] = {{tableBuffer.buffer, 0, VK_WHOLE_SIZE}, {values.buffer, 0, VK_WHOLE_SIZE}};
    VkWriteDescriptorSet writes[2] = {};
    for (std::uint32_t b = 0; b < 2; ++b) {
        writes[b].sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
        writes[b].dstSet = set;
        writes[b].dstBinding = b;
        writes[b].descriptorCount = 1;
        writes[b].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        writes[b].pBufferInfo = &buffers[b];
    }
    vkUpdateDescriptorSets(device, 2, writes, 0, nullptr);

    // Record, submit, wait.
    VkCommandPoolCreateInfo commandPoolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    commandPoolInfo.queueFamilyIndex = family;
    VkCommandPool commandPool;
    check(vkCreateCommandPool(device, &commandPoolInfo, nullptr, &commandPool), "vkCreateCommandPool");
    VkCommandBufferAllocateInfo commandInfo{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    commandInfo.commandPool = commandPool;
    commandInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    commandInfo.commandBufferCount = 1;
    VkCommandBuffer commands;
    check(vkAllocateCommandBuffers(device, &commandInfo, &commands), "vkAllocateCommandBuffers");
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    check(vkBeginCommandBuffer(commands, &begin), "vkBeginCommandBuffer");
    vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
    vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, nullptr);
    vkCmdPushConstants(commands, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(Grid), &grid);
    vkCmdDispatch(commands, (size + 7) / 8, (size + 7) / 8, 1);
    VkMemoryBarrier toHost{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    toHost.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    toHost.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &toHost, 0,
                         nullptr, 0, nullptr);
    check(vkEndCommandBuffer(commands), "vkEndCommandBuffer");
    VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &commands;
    check(vkQueueSubmit(queue, 1, &submit, VK_NULL_HANDLE), "vkQueueSubmit");
    check(vkQueueWaitIdle(queue), "vkQueueWaitIdle");

    std::vector<float> result(std::size_t{size} * size);
    check(vkMapMemory(device, values.memory, 0, VK_WHOLE_SIZE, 0, &mapped), "vkMapMemory");
    std::memcpy(result.data(), mapped, result.size() * sizeof(float));
    vkUnmapMemory(device, values.memory);

    if (!raw.empty()) {
        std::ofstream f(raw, std::ios::binary);
        f.write(reinterpret_cast<const char*>(result.data()), static_cast<std::streamsize>(result.size() * sizeof(float)));
        if (!f) throw std::runtime_error("cannot write " + raw);
    }
    // fBm of 6 octaves stays within about +-1: map [-1, 1] to [0, 255].
    std::string pgm = "P5\n" + std::to_string(size) + " " + std::to_string(size) + "\n255\n";
    for (const float v : result)
        pgm += static_cast<char>(std::clamp(std::lround((v * 0.5f + 0.5f) * 255.0f), 0L, 255L));
    std::ofstream image(out, std::ios::binary);
    image.write(pgm.data(), static_cast<std::streamsize>(pgm.size()));
    if (!image) throw std::runtime_error("cannot write " + out);
    const auto [lo, hi] = std::minmax_element(result.begin(), result.end());
    std::printf("%s: %ux%u on %s, values from %.3f to %.3f\n", out.c_str(), size, size, properties.deviceName,
                double(*lo), double(*hi));

    vkDestroyCommandPool(device, commandPool, nullptr);
    vkDestroyDescriptorPool(device, pool, nullptr);
    vkDestroyPipeline(device, pipeline, nullptr);
    vkDestroyShaderModule(device, module, nullptr);
    vkDestroyPipelineLayout(device, layout, nullptr);
    vkDestroyDescriptorSetLayout(device, setLayout, nullptr);
    for (Buffer* b : {&tableBuffer, &values}) {
        vkDestroyBuffer(device, b->buffer, nullptr);
        vkFreeMemory(device, b->memory, nullptr);
    }
    vkDestroyDevice(device, nullptr);
    vkDestroyInstance(instance, nullptr);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        return run(argc, argv);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "noise: error: %s\n", e.what());
        return 1;
    }
}
