package net.minecraft.world.level.chunk.storage;

public record RegionStorageInfo(String level, net.minecraft.resources.ResourceKey<Object> dimension, String type) {}
