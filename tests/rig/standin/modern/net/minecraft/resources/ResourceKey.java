package net.minecraft.resources;

public class ResourceKey<T> {}
