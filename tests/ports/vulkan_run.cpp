// SPDX-License-Identifier: MIT
// Runs one SPIR-V compute shader on the first Vulkan device (Mesa's lavapipe here) over
// storage buffers read from files, and writes one buffer back: the port tests' way to
// execute Vulkan GLSL and HLSL.
//
//   glnoise_vulkan_run SHADER.spv --groups N --in BINDING=FILE ... [--uniform BINDING=FILE ...]
//                      --out BINDING=FILE:BYTES [--repeat R]
//
// Every buffer is a storage buffer (--uniform: a uniform buffer) in descriptor set 0, in memory the host can map (on a
// GPU, its own memory where the driver offers it mapped). Prints the device's name, how
// long the pipeline took to create and, with --repeat, the median time of R more
// dispatches (submit to idle), for comparing table forms on one device.
#include <vulkan/vulkan.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

// A Vulkan info structure with its type set and everything else zero.
template <class T>
T make(VkStructureType type) {
    T value{};
    value.sType = type;
    return value;
}

void check(VkResult r, const char* what) {
    if (r != VK_SUCCESS) throw std::runtime_error(std::string(what) + " failed: VkResult " + std::to_string(r));
}

std::vector<char> readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

struct Binding {
    std::uint32_t binding = 0;
    std::string file;
    std::vector<char> data;
    bool output = false;
    bool uniform = false;
    VkBuffer buffer = VK_NULL_HANDLE;
    VkDeviceMemory memory = VK_NULL_HANDLE;
};

Binding parseBinding(const std::string& text, bool output) {
    const auto eq = text.find('=');
    if (eq == std::string::npos) throw std::runtime_error("expected BINDING=FILE, got " + text);
    Binding b;
    b.binding = static_cast<std::uint32_t>(std::stoul(text.substr(0, eq)));
    b.file = text.substr(eq + 1);
    b.output = output;
    if (output) {
        const auto colon = b.file.rfind(':');
        if (colon == std::string::npos) throw std::runtime_error("expected BINDING=FILE:BYTES, got " + text);
        b.data.resize(std::stoul(b.file.substr(colon + 1)));
        b.file.resize(colon);
    } else {
        b.data = readFile(b.file);
    }
    return b;
}

int run(int argc, char** argv) {
    if (argc < 2) throw std::runtime_error("usage: glnoise_vulkan_run SHADER.spv --groups N --in B=FILE ... --out B=FILE:BYTES");
    const std::vector<char> code = readFile(argv[1]);
    std::uint32_t groups = 1;
    std::uint32_t repeat = 0;
    std::vector<Binding> bindings;
    for (int i = 2; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        if (flag == "--groups") groups = static_cast<std::uint32_t>(std::stoul(argv[i + 1]));
        else if (flag == "--in") bindings.push_back(parseBinding(argv[i + 1], false));
        else if (flag == "--uniform") {
            bindings.push_back(parseBinding(argv[i + 1], false));
            bindings.back().uniform = true;
        }
        else if (flag == "--out") bindings.push_back(parseBinding(argv[i + 1], true));
        else if (flag == "--repeat") repeat = static_cast<std::uint32_t>(std::stoul(argv[i + 1]));
        else throw std::runtime_error("unknown flag " + flag);
    }

    auto app = make<VkApplicationInfo>(VK_STRUCTURE_TYPE_APPLICATION_INFO);
    app.pApplicationName = "glnoise port test";
    app.apiVersion = VK_API_VERSION_1_1;
    auto ici = make<VkInstanceCreateInfo>(VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO);
    ici.pApplicationInfo = &app;
    VkInstance instance;
    check(vkCreateInstance(&ici, nullptr, &instance), "vkCreateInstance");

    std::uint32_t count = 0;
    vkEnumeratePhysicalDevices(instance, &count, nullptr);
    if (count == 0) throw std::runtime_error("no Vulkan device (install mesa-vulkan-drivers for lavapipe)");
    std::vector<VkPhysicalDevice> physicals(count);
    vkEnumeratePhysicalDevices(instance, &count, physicals.data());
    VkPhysicalDevice physical = physicals[0];
    VkPhysicalDeviceProperties props;
    vkGetPhysicalDeviceProperties(physical, &props);
    std::printf("device: %s\n", props.deviceName);

    vkGetPhysicalDeviceQueueFamilyProperties(physical, &count, nullptr);
    std::vector<VkQueueFamilyProperties> families(count);
    vkGetPhysicalDeviceQueueFamilyProperties(physical, &count, families.data());
    std::uint32_t family = count;
    for (std::uint32_t i = 0; i < count; ++i)
        if (families[i].queueFlags & VK_QUEUE_COMPUTE_BIT) { family = i; break; }
    if (family == count) throw std::runtime_error("no compute queue");

    const float priority = 1.0f;
    auto qci = make<VkDeviceQueueCreateInfo>(VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO);
    qci.queueFamilyIndex = family;
    qci.queueCount = 1;
    qci.pQueuePriorities = &priority;
    auto dci = make<VkDeviceCreateInfo>(VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO);
    dci.queueCreateInfoCount = 1;
    dci.pQueueCreateInfos = &qci;
    VkDevice device;
    check(vkCreateDevice(physical, &dci, nullptr, &device), "vkCreateDevice");
    VkQueue queue;
    vkGetDeviceQueue(device, family, 0, &queue);

    VkPhysicalDeviceMemoryProperties memProps;
    vkGetPhysicalDeviceMemoryProperties(physical, &memProps);
    const auto hostVisible = [&](std::uint32_t bits) {
        const VkMemoryPropertyFlags want = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
        // The device's own memory first: a table read over the bus would time the bus.
        for (const VkMemoryPropertyFlags extra : {VkMemoryPropertyFlags{VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT}, VkMemoryPropertyFlags{0}})
            for (std::uint32_t i = 0; i < memProps.memoryTypeCount; ++i)
                if ((bits & (1u << i)) && (memProps.memoryTypes[i].propertyFlags & (want | extra)) == (want | extra))
                    return i;
        throw std::runtime_error("no host-visible coherent memory");
    };

    for (auto& b : bindings) {
        auto bci = make<VkBufferCreateInfo>(VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO);
        bci.size = b.data.empty() ? 4 : b.data.size();
        bci.usage = b.uniform ? VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT : VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
        check(vkCreateBuffer(device, &bci, nullptr, &b.buffer), "vkCreateBuffer");
        VkMemoryRequirements req;
        vkGetBufferMemoryRequirements(device, b.buffer, &req);
        auto mai = make<VkMemoryAllocateInfo>(VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO);
        mai.allocationSize = req.size;
        mai.memoryTypeIndex = hostVisible(req.memoryTypeBits);
        check(vkAllocateMemory(device, &mai, nullptr, &b.memory), "vkAllocateMemory");
        check(vkBindBufferMemory(device, b.buffer, b.memory, 0), "vkBindBufferMemory");
        void* mapped = nullptr;
        check(vkMapMemory(device, b.memory, 0, VK_WHOLE_SIZE, 0, &mapped), "vkMapMemory");
        std::memset(mapped, 0, req.size);
        if (!b.output) std::memcpy(mapped, b.data.data(), b.data.size());
        vkUnmapMemory(device, b.memory);
    }

    std::vector<VkDescriptorSetLayoutBinding> layoutBindings;
    for (const auto& b : bindings) {
        VkDescriptorSetLayoutBinding l{};
        l.binding = b.binding;
        l.descriptorType = b.uniform ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        l.descriptorCount = 1;
        l.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
        layoutBindings.push_back(l);
    }
    auto dslci = make<VkDescriptorSetLayoutCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO);
    dslci.bindingCount = static_cast<std::uint32_t>(layoutBindings.size());
    dslci.pBindings = layoutBindings.data();
    VkDescriptorSetLayout setLayout;
    check(vkCreateDescriptorSetLayout(device, &dslci, nullptr, &setLayout), "vkCreateDescriptorSetLayout");
    auto plci = make<VkPipelineLayoutCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO);
    plci.setLayoutCount = 1;
    plci.pSetLayouts = &setLayout;
    VkPipelineLayout pipelineLayout;
    check(vkCreatePipelineLayout(device, &plci, nullptr, &pipelineLayout), "vkCreatePipelineLayout");

    auto smci = make<VkShaderModuleCreateInfo>(VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);
    smci.codeSize = code.size();
    smci.pCode = reinterpret_cast<const std::uint32_t*>(code.data());
    VkShaderModule module;
    check(vkCreateShaderModule(device, &smci, nullptr, &module), "vkCreateShaderModule");
    auto cpci = make<VkComputePipelineCreateInfo>(VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO);
    cpci.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    cpci.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    cpci.stage.module = module;
    cpci.stage.pName = "main";
    cpci.layout = pipelineLayout;
    VkPipeline pipeline;
    using Clock = std::chrono::steady_clock;
    const auto ms = [](Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); };
    const auto created = Clock::now();
    check(vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &cpci, nullptr, &pipeline), "vkCreateComputePipelines");
    std::printf("pipeline: %.1f ms\n", ms(Clock::now() - created));

    const VkDescriptorPoolSize poolSizes[] = {{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, static_cast<std::uint32_t>(bindings.size())},
                                              {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, static_cast<std::uint32_t>(bindings.size())}};
    auto dpci = make<VkDescriptorPoolCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO);
    dpci.maxSets = 1;
    dpci.poolSizeCount = 2;
    dpci.pPoolSizes = poolSizes;
    VkDescriptorPool pool;
    check(vkCreateDescriptorPool(device, &dpci, nullptr, &pool), "vkCreateDescriptorPool");
    auto dsai = make<VkDescriptorSetAllocateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO);
    dsai.descriptorPool = pool;
    dsai.descriptorSetCount = 1;
    dsai.pSetLayouts = &setLayout;
    VkDescriptorSet set;
    check(vkAllocateDescriptorSets(device, &dsai, &set), "vkAllocateDescriptorSets");
    std::vector<VkDescriptorBufferInfo> infos(bindings.size());
    std::vector<VkWriteDescriptorSet> writes(bindings.size());
    for (std::size_t i = 0; i < bindings.size(); ++i) {
        infos[i] = {bindings[i].buffer, 0, VK_WHOLE_SIZE};
        writes[i] = make<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
        writes[i].dstSet = set;
        writes[i].dstBinding = bindings[i].binding;
        writes[i].descriptorCount = 1;
        writes[i].descriptorType = bindings[i].uniform ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        writes[i].pBufferInfo = &infos[i];
    }
    vkUpdateDescriptorSets(device, static_cast<std::uint32_t>(writes.size()), writes.data(), 0, nullptr);

    auto cpoolci = make<VkCommandPoolCreateInfo>(VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO);
    cpoolci.queueFamilyIndex = family;
    VkCommandPool commandPool;
    check(vkCreateCommandPool(device, &cpoolci, nullptr, &commandPool), "vkCreateCommandPool");
    auto cbai = make<VkCommandBufferAllocateInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO);
    cbai.commandPool = commandPool;
    cbai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    cbai.commandBufferCount = 1;
    VkCommandBuffer cmd;
    check(vkAllocateCommandBuffers(device, &cbai, &cmd), "vkAllocateCommandBuffers");
    auto begin = make<VkCommandBufferBeginInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO);
    check(vkBeginCommandBuffer(cmd, &begin), "vkBeginCommandBuffer");
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipelineLayout, 0, 1, &set, 0, nullptr);
    vkCmdDispatch(cmd, groups, 1, 1);
    auto barrier = make<VkMemoryBarrier>(VK_STRUCTURE_TYPE_MEMORY_BARRIER);
    barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0,
                         nullptr, 0, nullptr);
    check(vkEndCommandBuffer(cmd), "vkEndCommandBuffer");
    auto submit = make<VkSubmitInfo>(VK_STRUCTURE_TYPE_SUBMIT_INFO);
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &cmd;
    check(vkQueueSubmit(queue, 1, &submit, VK_NULL_HANDLE), "vkQueueSubmit");
    check(vkQueueWaitIdle(queue), "vkQueueWaitIdle");
    if (repeat > 0) {
        std::vector<double> times;
        for (std::uint32_t r = 0; r < repeat; ++r) {
            const auto start = Clock::now();
            check(vkQueueSubmit(queue, 1, &submit, VK_NULL_HANDLE), "vkQueueSubmit");
            check(vkQueueWaitIdle(queue), "vkQueueWaitIdle");
            times.push_back(ms(Clock::now() - start));
        }
        std::nth_element(times.begin(), times.begin() + times.size() / 2, times.end());
        std::printf("dispatch: %.3f ms (median of %u)\n", times[times.size() / 2], repeat);
    }

    for (auto& b : bindings) {
        if (!b.output) continue;
        void* mapped = nullptr;
        check(vkMapMemory(device, b.memory, 0, VK_WHOLE_SIZE, 0, &mapped), "vkMapMemory");
        std::ofstream out(b.file, std::ios::binary);
        out.write(static_cast<const char*>(mapped), static_cast<std::streamsize>(b.data.size()));
        vkUnmapMemory(device, b.memory);
        if (!out) throw std::runtime_error("cannot write " + b.file);
    }

    vkDestroyCommandPool(device, commandPool, nullptr);
    vkDestroyDescriptorPool(device, pool, nullptr);
    vkDestroyPipeline(device, pipeline, nullptr);
    vkDestroyShaderModule(device, module, nullptr);
    vkDestroyPipelineLayout(device, pipelineLayout, nullptr);
    vkDestroyDescriptorSetLayout(device, setLayout, nullptr);
    for (auto& b : bindings) {
        vkDestroyBuffer(device, b.buffer, nullptr);
        vkFreeMemory(device, b.memory, nullptr);
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
        std::fprintf(stderr, "glnoise_vulkan_run: error: %s\n", e.what());
        return 1;
    }
}
